// The workbench server's pieces (src/serve): the worker pool's bounds, the disconnect watch and
// the checks on a request's head. The routes and the HTTP side are tested from a client
// (serve_test.py).
#include <doctest/doctest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "serve/connection_watch.h"
#include "serve/request_guard.h"
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
        for (int seen = most; now > seen && !most.compare_exchange_weak(seen, now);) {
        }
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
  while (!flag->load() && std::chrono::steady_clock::now() - closed < 5s)
    std::this_thread::sleep_for(5ms);
  CHECK(flag->load());
  CHECK(std::chrono::steady_clock::now() - closed < 1s);  // polled every 50 ms
  CHECK_FALSE(other->load());
  watch.StopAll();
  CHECK(other->load());
  CHECK(watch.Watch(-1)->load());  // and every later watch
  flag.reset();
  close(pair[0]);
}

namespace {

// A guard for a server on 127.0.0.1 whose only routes are "/" (GET) and "/api/fill" (POST).
GuardSettings TestGuard(std::string token = "") {
  GuardSettings settings;
  settings.hosts = {"localhost", "127.0.0.1", "::1"};
  settings.token = std::move(token);
  settings.port = 8080;
  settings.max_body = 1000;
  settings.routes = {{"/", "GET"}, {"/api/fill", "POST"}};
  return settings;
}

int Status(const GuardSettings& settings, std::string method, std::string path,
           std::vector<std::pair<std::string, std::string>> headers, std::string query_token = "") {
  return Check(settings, RequestHead{std::move(method), std::move(path), std::move(headers),
                                     std::move(query_token)})
      .status;
}

}  // namespace

TEST_CASE("request guard: the Host names this server, once") {
  const GuardSettings guard = TestGuard();
  for (const char* host : {"localhost", "LOCALHOST:8080", "127.0.0.1:1", "[::1]", "[::1]:80"}) {
    CHECK_MESSAGE(Status(guard, "GET", "/", {{"host", host}}) == 0, host);
  }
  for (const char* host : {"evil.example", "localhost.", "127.0.0.2", "[::2]:80"}) {
    CHECK_MESSAGE(Status(guard, "GET", "/", {{"Host", host}}) == 403, host);
  }
  for (const char* host : {"localhost:", "localhost:80x", "::1", "[::1", "[::1]x", ""}) {
    CHECK_MESSAGE(Status(guard, "GET", "/", {{"Host", host}}) != 0, host);
  }
  CHECK(Status(guard, "GET", "/", {}) == 403);
  CHECK(Status(guard, "GET", "/", {{"Host", "localhost"}, {"host", "localhost"}}) == 400);
}

TEST_CASE("request guard: a POST's framing") {
  const GuardSettings guard = TestGuard();
  const auto post = [&](std::vector<std::pair<std::string, std::string>> headers) {
    headers.insert(headers.begin(), {{"Host", "localhost"}, {"Content-Type", "application/json"}});
    return Status(guard, "POST", "/api/fill", std::move(headers));
  };
  CHECK(post({{"Content-Length", "1000"}}) == 0);
  CHECK(post({{"Content-Length", "0001000"}}) == 0);
  CHECK(post({{"Transfer-Encoding", "Chunked"}}) == 0);
  CHECK(post({{"Content-Length", "1001"}}) == 413);
  CHECK(post({{"Content-Length", "99999999999999999999999"}}) == 413);
  CHECK(post({{"Content-Length", "12a"}}) == 400);
  CHECK(post({{"Content-Length", "-1"}}) == 400);
  CHECK(post({{"Content-Length", "10"}, {"Content-Length", "10"}}) == 400);
  CHECK(post({{"Transfer-Encoding", "gzip, chunked"}}) == 400);
  CHECK(post({{"Transfer-Encoding", "chunked"}, {"Content-Length", "10"}}) == 400);
  CHECK(post({{"Content-Encoding", "gzip"}, {"Content-Length", "10"}}) == 415);
  CHECK(post({}) == 411);
  CHECK(Status(guard, "POST", "/api/fill",
               {{"Host", "localhost"}, {"Content-Type", "text/json"}, {"Content-Length", "2"}}) ==
        415);
}

TEST_CASE("request guard: a route of its own body limit (an uploaded word list)") {
  GuardSettings guard = TestGuard();
  guard.routes["/api/lists"] = "POST";
  guard.large_bodies["/api/lists"] = 5000;
  CHECK(BodyLimit(guard, "/api/lists") == 5000);
  CHECK(BodyLimit(guard, "/api/fill") == 1000);
  const auto post = [&](std::string path, std::string length) {
    return Status(guard, "POST", std::move(path),
                  {{"Host", "localhost"},
                   {"Content-Type", "application/json"},
                   {"Content-Length", std::move(length)}});
  };
  CHECK(post("/api/lists", "5000") == 0);
  CHECK(post("/api/lists", "5001") == 413);
  CHECK(post("/api/fill", "1001") == 413);
  CHECK(Check(guard, {"POST",
                      "/api/lists",
                      {{"Host", "localhost"},
                       {"Content-Type", "application/json"},
                       {"Content-Length", "5001"}},
                      ""})
            .message == "the request body is too large (Content-Length 5001; at most 5000 bytes)");
}

TEST_CASE("request guard: the token, from the query, a header or this port's cookie") {
  const GuardSettings guard = TestGuard("abcdefgh");
  const std::pair<std::string, std::string> host{"Host", "localhost"};
  CHECK(Status(guard, "GET", "/", {host}) == 403);
  CHECK(Status(guard, "GET", "/", {host}, "abcdefgx") == 403);
  CHECK(Status(guard, "GET", "/", {host}, "abcdefg") == 403);
  CHECK(Status(guard, "GET", "/", {host, {"Authorization", "Bearer abcdefgh"}}) == 0);
  CHECK(Status(guard, "GET", "/", {host, {"Authorization", "Basic abcdefgh"}}) == 403);
  CHECK(Status(guard, "GET", "/", {host, {"X-Squares-Token", " abcdefgh "}}) == 0);
  CHECK(Status(guard, "GET", "/", {host, {"Cookie", "a=1; squares_token_8080=abcdefgh"}}) == 0);
  CHECK(Status(guard, "GET", "/", {host, {"Cookie", "squares_token_8081=abcdefgh"}}) == 403);
  const Verdict page = Check(guard, RequestHead{"GET", "/", {host}, "abcdefgh"});
  CHECK(page.status == 0);
  CHECK(page.store_token);
  CHECK(SameToken("same", "same"));
  CHECK_FALSE(SameToken("", ""));
  CHECK_FALSE(SameToken("same!", "same"));
  const std::string token = NewToken();
  CHECK(token.size() == 48);
  CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(token != NewToken());
}

TEST_CASE("request guard: methods, OPTIONS and other sites") {
  const GuardSettings guard = TestGuard();
  const std::pair<std::string, std::string> host{"Host", "localhost:8080"};
  const Verdict wrong = Check(guard, RequestHead{"GET", "/api/fill", {host}, ""});
  CHECK(wrong.status == 405);
  CHECK(wrong.allow == "POST, OPTIONS");
  const Verdict options = Check(guard, RequestHead{"OPTIONS", "/", {host}, ""});
  CHECK(options.status == 204);
  CHECK(options.allow == "GET, HEAD, OPTIONS");
  CHECK(Status(guard, "HEAD", "/", {host}) == 0);
  CHECK(Status(guard, "GET", "/nope", {host}) == 404);
  const std::pair<std::string, std::string> json{"Content-Type", "application/json"},
      length{"Content-Length", "2"};
  CHECK(Status(guard, "POST", "/api/fill",
               {host, json, length, {"Origin", "http://localhost:8080"}}) == 0);
  CHECK(Status(guard, "POST", "/api/fill",
               {host, json, length, {"Origin", "http://localhost:8081"}}) == 403);
  CHECK(Status(guard, "POST", "/api/fill", {host, json, length, {"Sec-Fetch-Site", "same-site"}}) ==
        403);
  CHECK(Status(guard, "GET", "/",
               {host, {"Origin", "http://evil.example"}, {"Sec-Fetch-Site", "cross-site"}}) == 0);
}
