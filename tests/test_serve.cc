// The workbench server's pieces (src/serve): the worker pool's bounds, the disconnect watch, the
// connections' reading of heads and bodies, and the checks on a request's head. The routes and
// the HTTP side are tested from a client (serve_test.py).
#include <doctest/doctest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "serve/connection_pool.h"
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
  settings.cookie = "cookie-of-8080";
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
  CHECK(post({{"Transfer-Encoding", "Chunked"}}) == 411);  // its length is not known: not read
  CHECK(post({{"Content-Length", "1001"}}) == 413);
  CHECK(post({{"Content-Length", "99999999999999999999999"}}) == 413);
  CHECK(post({{"Content-Length", "12a"}}) == 400);
  CHECK(post({{"Content-Length", "-1"}}) == 400);
  CHECK(post({{"Content-Length", "10"}, {"Content-Length", "10"}}) == 400);
  CHECK(post({{"Transfer-Encoding", "gzip, chunked"}}) == 411);
  CHECK(post({{"Transfer-Encoding", "chunked"}, {"Content-Length", "10"}}) == 411);
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
  // The cookie holds the value drawn for this server, under this port's name: not the token,
  // which another port's server would get from it.
  CHECK(Status(guard, "GET", "/", {host, {"Cookie", "a=1; squares_token_8080=cookie-of-8080"}}) == 0);
  CHECK(Status(guard, "GET", "/", {host, {"Cookie", "squares_token_8080=abcdefgh"}}) == 403);
  CHECK(Status(guard, "GET", "/", {host, {"Cookie", "squares_token_8081=cookie-of-8080"}}) == 403);
  CHECK(Status(guard, "GET", "/", {host, {"Authorization", "Bearer cookie-of-8080"}}) == 403);
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

TEST_CASE("request guard: a GET has no body") {
  const GuardSettings guard = TestGuard();
  const std::pair<std::string, std::string> host{"Host", "localhost"};
  CHECK(Status(guard, "GET", "/", {host, {"Content-Length", "0"}}) == 0);
  CHECK(Status(guard, "GET", "/", {host, {"Content-Length", "5"}}) == 400);
  CHECK(Status(guard, "HEAD", "/", {host, {"Transfer-Encoding", "chunked"}}) == 400);
}

TEST_CASE("request head: read as it came, its path and token decoded") {
  const auto head = ParseHead(
      "POST /api/%66ill?a=1&token=ab%2Dc+d HTTP/1.1\r\nHost:  localhost \r\n"
      "Content-Length: 0012\r\nExpect: 100-Continue\r\n\r\n");
  REQUIRE(head);
  CHECK(head->method == "POST");
  CHECK(head->path == "/api/fill");
  CHECK(head->query_token == "ab-c d");
  CHECK(head->headers ==
        std::vector<std::pair<std::string, std::string>>{
            {"Host", "localhost"}, {"Content-Length", "0012"}, {"Expect", "100-Continue"}});
  CHECK(BodyLength(*head) == 12);
  CHECK(ExpectsContinue(*head));
  CHECK(ParseHead("GET / HTTP/1.1\r\n\r\n"));
  for (const char* bad : {"GET / HTTP/1.1\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1\r\nNo colon\r\n\r\n",
                          "GET / HTTP/1.1\r\n: empty\r\n\r\n", "GET  HTTP/1.1\r\n"}) {
    CHECK_MESSAGE(!ParseHead(bad), bad);
  }
  CHECK(BodyLength(*ParseHead("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n")) == 0);
}

namespace {

// A pool of one serving thread on socket pairs: the requests it hands on, in order; bodies
// are as long as their Content-Length says.
struct PoolUnderTest {
  explicit PoolUnderTest(ConnectionLimits limits)
      : pool(limits, {"BUSY", "TOO LARGE", "TOO SLOW"},
             [](std::string_view head) {
               const auto parsed = ParseHead(head);
               return parsed ? Admission{BodyLength(*parsed), ExpectsContinue(*parsed)} : Admission{};
             },
             [this](WaitingConnection connection) {
               std::lock_guard lock(mutex);
               served.push_back(std::move(connection));
               changed.notify_all();
             }) {}
  ~PoolUnderTest() { pool.shutdown(); }

  // The client's end of a new connection.
  int Connect() {
    int pair[2];
    REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
    pool.Wait(WaitingConnection{pair[1], "", "", 0, false});
    return pair[0];
  }
  // The next request handed on, within 5 s.
  WaitingConnection Next() {
    std::unique_lock lock(mutex);
    REQUIRE(changed.wait_for(lock, 5s, [&] { return !served.empty(); }));
    WaitingConnection connection = std::move(served.front());
    served.pop_front();
    return connection;
  }
  bool Idle() {
    std::unique_lock lock(mutex);
    return !changed.wait_for(lock, 300ms, [&] { return !served.empty(); });
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<WaitingConnection> served;
  ConnectionPool pool;
};

void Send(int socket, std::string_view bytes) {
  REQUIRE(send(socket, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size()));
}

// What the pool answered by itself, up to its close.
std::string Answer(int socket) {
  std::string answer;
  char buffer[256];
  ssize_t got;
  while ((got = recv(socket, buffer, sizeof buffer, 0)) > 0) answer.append(buffer, static_cast<size_t>(got));
  return answer;
}

}  // namespace

TEST_CASE("connection pool: a request is handed on with its body whole, read without a thread") {
  PoolUnderTest test(ConnectionLimits{.connections = 1, .read = 2s});
  const int client = test.Connect();
  const std::string head = "POST /a HTTP/1.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n";
  Send(client, head);
  char continued[64] = {};
  CHECK(recv(client, continued, sizeof continued, 0) == 25);
  CHECK(std::string(continued) == "HTTP/1.1 100 Continue\r\n\r\n");
  Send(client, "01234");
  CHECK(test.Idle());  // half a body: not served
  Send(client, "56789GET /next HTTP/1.1\r\n");
  WaitingConnection request = test.Next();
  CHECK(request.bytes == head);
  CHECK(request.body == "0123456789");
  CHECK(request.continued);
  // The next request's bytes stay with the socket, for the next round.
  request.bytes.clear();
  test.pool.Release(request.body.size());
  test.pool.Wait(WaitingConnection{request.socket, "", "", 1, false});
  Send(client, "\r\n");
  request = test.Next();
  CHECK(request.bytes == "GET /next HTTP/1.1\r\n\r\n");
  CHECK(request.body.empty());
  CHECK(request.served == 1);
  test.pool.Close(request.socket);
  CHECK(Answer(client).empty());  // closed once this end closes
  close(client);
}

TEST_CASE("connection pool: what needs no thread is answered at once") {
  PoolUnderTest test(ConnectionLimits{.connections = 1, .read = 300ms, .max_head_bytes = 100,
                                      .large_bodies = 1, .small_body_bytes = 30});
  // A head over the limit: 431.
  int client = test.Connect();
  Send(client, "GET / HTTP/1.1\r\nX: " + std::string(100, 'x'));
  CHECK(Answer(client) == "TOO LARGE");
  close(client);
  // A body that does not come within the read time: 408.
  client = test.Connect();
  Send(client, "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab");
  const auto start = std::chrono::steady_clock::now();
  CHECK(Answer(client) == "TOO SLOW");
  CHECK(std::chrono::steady_clock::now() - start < 2s);
  close(client);
  // One large body held at once: another gets 503 before it is read, small bodies share 30
  // bytes.
  const int large = test.Connect();
  Send(large, "POST / HTTP/1.1\r\nContent-Length: 70000\r\n\r\n");
  client = test.Connect();
  Send(client, "POST / HTTP/1.1\r\nContent-Length: 70000\r\n\r\n");
  CHECK(Answer(client) == "BUSY");
  close(client);
  const int small = test.Connect();
  Send(small, "POST / HTTP/1.1\r\nContent-Length: 20\r\n\r\n");
  client = test.Connect();
  Send(client, "POST / HTTP/1.1\r\nContent-Length: 20\r\n\r\n");
  CHECK(Answer(client) == "BUSY");
  close(client);
  Send(small, std::string(20, 's'));
  WaitingConnection request = test.Next();
  CHECK(request.body.size() == 20);
  test.pool.Release(request.body.size());  // answered: its bytes are free again
  client = test.Connect();
  Send(client, "POST / HTTP/1.1\r\nContent-Length: 20\r\n\r\n" + std::string(20, 't'));
  WaitingConnection again = test.Next();
  CHECK(again.body == std::string(20, 't'));
  for (const WaitingConnection* held : {&request, &again}) close(held->socket);
  close(large);
  close(small);
}
