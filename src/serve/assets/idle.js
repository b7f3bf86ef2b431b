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

// Idle work held back while the gate is closed (whenIdle once it opens): an edit's clue words,
// statistics and save wait for the marks of the grid it made. Between a key and its marks the
// page is idle (the server is proving), and that work then ran there, with a frame of its own,
// on the keypress path.
export class IdleGate {
  constructor() {
    this.closed = false;
    this.held = [];  // the jobs ({ run, timeout, handle }) waiting for the gate
  }

  // Like whenIdle, not before the gate opens; returns a job for cancel.
  whenIdle(run, timeout) {
    const job = { run, timeout, handle: 0 };
    if (this.closed) this.held.push(job);
    else job.handle = whenIdle(run, timeout);
    return job;
  }

  cancel(job) {
    if (job.handle) cancelIdle(job.handle);
    this.held = this.held.filter((held) => held !== job);
  }

  close() { this.closed = true; }

  open() {
    this.closed = false;
    for (const job of this.held.splice(0)) job.handle = whenIdle(job.run, job.timeout);
  }
}
