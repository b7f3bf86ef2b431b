// The workbench server's concurrency pieces (src/serve): the worker pool's bounds and the
// disconnect watch. The routes and the HTTP side are tested from a client (serve_test.py).
#include <doctest/doctest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "serve/connection_watch.h"
#include "serve/work_gate.h"

using namespace squares::serve;
using namespace std::chrono_literals;

TEST_CASE("work gate: at most `workers` inside, at most `queue` waiting, the rest turned away") {
  WorkGate gate(2, 1, 60s);
  squares::StopFlag never = false;
  auto first = gate.Enter(never), second = gate.Enter(never);
  REQUIRE(first);
  REQUIRE(second);
  std::shared_ptr<void> waited;
  std::thread waiter([&] { waited = gate.Enter(never); });
  std::this_thread::sleep_for(100ms);  // the waiter is queued
  CHECK_FALSE(gate.Enter(never));      // the queue is full: busy
  first.reset();                       // a worker frees: the waiter gets it
  waiter.join();
  CHECK(waited);

  // A waiter whose client leaves stops waiting, without a worker.
  squares::StopFlag gone = false;
  std::shared_ptr<void> left = std::make_shared<int>(0);
  std::thread leaver([&] { left = gate.Enter(gone); });
  std::this_thread::sleep_for(100ms);
  gone = true;
  leaver.join();
  CHECK_FALSE(left);
}

TEST_CASE("work gate: a waiting request gives up after the wait") {
  WorkGate gate(1, 4, 200ms);
  squares::StopFlag never = false;
  auto held = gate.Enter(never);
  REQUIRE(held);
  const auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(gate.Enter(never));
  const auto waited = std::chrono::steady_clock::now() - start;
  CHECK(waited >= 200ms);
  CHECK(waited < 2s);
  held.reset();
  CHECK(gate.Enter(never));  // a worker is free again
}

TEST_CASE("work gate: never more than `workers` at once under contention") {
  WorkGate gate(2, 3, 60s);
  std::atomic<int> inside = 0, most = 0, served = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      squares::StopFlag never = false;
      for (int k = 0; k < 50; ++k) {
        auto worker = gate.Enter(never);
        if (!worker) continue;
        const int now = ++inside;
        for (int seen = most; now > seen && !most.compare_exchange_weak(seen, now);) {}
        std::this_thread::sleep_for(100us);
        --inside;
        ++served;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(most.load() <= 2);
  CHECK(served.load() > 0);
}

TEST_CASE("connection watch: a peer's close sets the flag; StopAll sets every flag") {
  ConnectionWatch watch;
  int pair[2];
  REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
  auto flag = watch.Watch(pair[0]);
  auto other = watch.Watch(-1);  // no socket: stopped only by StopAll
  std::this_thread::sleep_for(120ms);
  CHECK_FALSE(flag->load());
  const auto closed = std::chrono::steady_clock::now();
  close(pair[1]);
  while (!flag->load() && std::chrono::steady_clock::now() - closed < 5s) std::this_thread::sleep_for(5ms);
  CHECK(flag->load());
  CHECK(std::chrono::steady_clock::now() - closed < 1s);  // polled every 50 ms
  CHECK_FALSE(other->load());
  watch.StopAll();
  CHECK(other->load());
  CHECK(watch.Watch(-1)->load());  // and every later watch
  flag.reset();
  close(pair[0]);
}
