// Work for the page's idle moments, off the keypress path.

// Runs `run` when the page is next idle, at the latest after `timeout` ms; returns a handle for
// cancelIdle. (A timer where the browser has no idle callbacks.)
export function whenIdle(run, timeout) {
  return window.requestIdleCallback ? requestIdleCallback(run, { timeout }) : setTimeout(run, 100);
}

export function cancelIdle(handle) {
  if (window.cancelIdleCallback) cancelIdleCallback(handle);
  else clearTimeout(handle);
}
