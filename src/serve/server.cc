// The HTTP side of the workbench: routes, who may call them, the worker pool, disconnects,
// limits and signals.
#include "serve/server.h"

#include <ifaddrs.h>
#include <malloc.h>
#include <netdb.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <thread>

#include "serve/api_routes.h"
#include "serve/assets.h"
#include "serve/connection_watch.h"
#include "serve/http_server.h"
#include "serve/pdf.h"
#include "serve/request_guard.h"
#include "serve/work_gate.h"

namespace squares::serve {
namespace {

// On every answer: no other site may frame the page, load its parts or learn its address.
const httplib::Headers kSafetyHeaders = {
    {"Content-Security-Policy",
     "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; "
     "form-action 'none'; frame-ancestors 'none'"},
    {"X-Frame-Options", "DENY"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Resource-Policy", "same-origin"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
};

void Send(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  response.set_content(reply.body, reply.content_type);
  if (reply.status == 503) response.set_header("Retry-After", "2");
  for (const auto& [name, value] : reply.headers) response.set_header(name, value);
}

Reply Busy() { return ErrorReply(503, "busy"); }

// The route's reply, or the error reply for what it threw: a refused request is the client's
// (400); anything else is the server's, said on stderr and answered without its details.
Reply Answer(const std::function<Reply()>& route) {
  try {
    return route();
  } catch (const UnknownList& unknown) {
    return UnknownListReply(unknown);
  } catch (const BadRequest& error) {
    return ErrorReply(400, error.what());
  } catch (const Error& error) {
    return ErrorReply(400, InRowsWords(error));
  } catch (const Stopped& stopped) {
    // Its client left, or the server stops: no fault of either, and likely nobody to read it.
    std::cerr << "squares: stopped: " << stopped.what() << "\n";
    return ErrorReply(503, "stopped");
  } catch (const std::bad_alloc&) {
    return ErrorReply(503, "out of memory");
  } catch (const std::exception& error) {
    std::cerr << "squares: internal error: " << error.what() << "\n";
    return ErrorReply(500, "internal error");
  }
}

std::string_view ErrorMessage(int status) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "no such page or route";
    case 413: return "the request body is too large";
    case 414: return "the request URI is too long";
    default: return "the request failed";
  }
}

bool IsLoopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

// The names a request's Host may give: loopback's, the address served, and when that is every
// address, each of this machine's and its name; then those allowed by --allow-host.
std::vector<std::string> HostNames(const ServerSettings& settings) {
  std::vector<std::string> names = {"localhost", "127.0.0.1", "::1"};
  names.push_back(settings.host);
  if (settings.host == "0.0.0.0" || settings.host == "::") {
    ifaddrs* interfaces = nullptr;
    if (getifaddrs(&interfaces) == 0) {
      for (const ifaddrs* entry = interfaces; entry != nullptr; entry = entry->ifa_next) {
        char name[NI_MAXHOST];
        if (entry->ifa_addr == nullptr ||
            (entry->ifa_addr->sa_family != AF_INET && entry->ifa_addr->sa_family != AF_INET6) ||
            getnameinfo(entry->ifa_addr,
                        entry->ifa_addr->sa_family == AF_INET ? sizeof(sockaddr_in)
                                                              : sizeof(sockaddr_in6),
                        name, sizeof name, nullptr, 0, NI_NUMERICHOST) != 0) {
          continue;
        }
        names.push_back(name);
      }
      freeifaddrs(interfaces);
    }
    char hostname[256] = {};
    if (gethostname(hostname, sizeof hostname - 1) == 0) names.push_back(hostname);
  }
  names.insert(names.end(), settings.allow_hosts.begin(), settings.allow_hosts.end());
  for (std::string& name : names) {
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return std::tolower(c); });
  }
  return names;
}

RequestHead HeadOf(const httplib::Request& request) {
  RequestHead head{request.method, request.path, {}, request.get_param_value("token")};
  head.headers.assign(request.headers.begin(), request.headers.end());
  return head;
}

class Workbench {
 public:
  Workbench(std::vector<WordList> given, const DictionaryOptions& upload_options,
            const ServerSettings& settings)
      : settings_(settings),
        routes_(std::move(given), upload_options, settings.threads, FindPdflatex()),
        gate_(settings.threads, settings.queue, settings.queue_wait),
        marks_gate_(settings.threads, settings.queue, settings.queue_wait),
        server_(ConnectionLimits{.connections = settings.connections, .read = settings.read_timeout},
                [this](std::string_view head) { return Admit(head); }, kSafetyHeaders) {
    guard_.hosts = HostNames(settings);
    guard_.token = settings.token;
    if (!settings.token.empty()) guard_.cookie = NewToken();
    guard_.max_body = settings.max_body;
    // httplib's default sets SO_REUSEPORT, with which a second server on the same port would
    // share it silently instead of failing.
    server_.set_socket_options([](int socket) {
      const int yes = 1;
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server_.set_keep_alive_timeout(2);
    server_.set_pre_routing_handler(
        [this](const httplib::Request& request, httplib::Response& response) {
          return Guard(request, response) ? httplib::Server::HandlerResponse::Unhandled
                                          : httplib::Server::HandlerResponse::Handled;
        });
    // A refusal before the client sends its body (curl asks first for large ones).
    server_.set_expect_100_continue_handler(
        [this](const httplib::Request& request, httplib::Response& response) {
          return Guard(request, response) ? 100 : response.status;
        });
    server_.set_error_handler([](const httplib::Request&, httplib::Response& response) {
      if (response.body.empty() && response.status >= 400) {
        response.set_content(ErrorReply(response.status, ErrorMessage(response.status)).body,
                             "application/json");
      }
    });
    server_.set_exception_handler(
        [](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
          Send(response, Answer([&]() -> Reply { std::rethrow_exception(error); }));
        });
    for (const Asset& asset : Assets()) {
      const auto serve_asset = [asset](const httplib::Request&, httplib::Response& response) {
        response.set_content(asset.data.data(), asset.data.size(), std::string(asset.content_type));
        response.set_header("Cache-Control", "no-cache");
      };
      std::string path = "/";  // (not "/" + name: g++ 12 warns falsely of an overlap there)
      path += asset.name;
      Get(path, serve_asset);
      if (asset.name == "index.html") Get("/", serve_asset);
    }
    Post("/api/fill", &ApiRoutes::Fill);
    Post("/api/candidates", &ApiRoutes::Candidates);
    StreamPost("/api/candidates/stream", [this](std::string_view body, const StopFlag& stop) {
      return routes_.CandidatesStream(body, stop);
    });
    Post("/api/check",
         [this](std::string_view body, const StopFlag&) { return routes_.Check(body); });
    // The marks of a grid (arc consistency alone, "seconds": 0) are what the page waits for
    // after each key: they take milliseconds, and have workers of their own so as never to
    // queue behind the searches of earlier keys (verdicts, candidates) still running.
    Post("/api/prove", &ApiRoutes::Prove, ProvesMarksOnly);
    Post("/api/export", &ApiRoutes::Export);
    Post("/api/open",
         [this](std::string_view body, const StopFlag&) { return routes_.Open(body); });
    Post("/api/block-pattern",
         [](std::string_view body, const StopFlag&) { return ApiRoutes::BlockPattern(body); });
    Post("/api/pattern",
         [this](std::string_view body, const StopFlag&) { return routes_.Pattern(body); });
    guard_.large_bodies["/api/lists"] = settings.max_list_body;
    Post("/api/lists",
         [this](std::string_view body, const StopFlag&) { return routes_.UploadList(body); });
    Post("/api/lists/change",
         [this](std::string_view body, const StopFlag&) { return routes_.ChangeList(body); });
    Get("/api/info", [this](const httplib::Request&, httplib::Response& response) {
      Send(response, routes_.Info());
    });
    // A POST, as every route that searches: a page of another site cannot send one with a JSON
    // body without a preflight (a GET it can, from an <img> or an iframe).
    StreamPost("/api/squares", [this](std::string_view body, const StopFlag& stop) -> Producer {
      auto search = std::make_shared<SquareSearch>(routes_.Squares(ParseSquaresRequest(body), stop));
      return [search](const ApiRoutes::Write& write) { search->Write(SquareFormat::kJsonl, write); };
    });
  }

  // The port bound (`settings.port`, or the one chosen for 0), or -1.
  int Bind() {
    guard_.port = server_.Bind(settings_.host, settings_.port);
    return guard_.port;
  }
  void Listen() { server_.listen_after_bind(); }
  void Stop() {
    watch_.StopAll();
    server_.stop();
  }

 private:
  using Route = std::function<Reply(std::string_view body, const StopFlag& stop)>;

  // How long a body to read for a whole head: none when the request is to be refused.
  Admission Admit(std::string_view bytes) const {
    const std::optional<RequestHead> head = ParseHead(bytes);
    if (!head || Check(guard_, *head).status != 0) return {};
    return Admission{BodyLength(*head), ExpectsContinue(*head)};
  }

  // Ends the connection after this answer, and says so: a client that keeps connections
  // alive would otherwise send its next request on it and lose it to the close.
  static void EndConnection(Connection& connection, httplib::Response& response) {
    connection.close = true;
    response.set_header("Connection", "close");
  }

  // Whether the request may go on; if not, `response` is its answer and the connection ends.
  bool Guard(const httplib::Request& request, httplib::Response& response) {
    Connection& connection = CurrentConnection();
    const Verdict verdict = Check(guard_, HeadOf(request));
    if (verdict.status == 0) {
      if (verdict.store_token) {
        response.set_header("Set-Cookie", TokenCookieName(guard_.port) + "=" + guard_.cookie +
                                              "; Path=/; HttpOnly; SameSite=Strict");
      }
      return true;
    }
    EndConnection(connection, response);
    if (!verdict.allow.empty()) response.set_header("Allow", verdict.allow);
    if (verdict.message.empty()) {
      response.status = verdict.status;
    } else {
      Send(response, ErrorReply(verdict.status, verdict.message));
    }
    return false;
  }

  void Get(const std::string& path, httplib::Server::Handler handler) {
    guard_.routes[path] = "GET";
    server_.Get(path, std::move(handler));
  }

  void Post(const std::string& path,
            Reply (ApiRoutes::*route)(std::string_view, const StopFlag&) const,
            bool (*quick)(std::string_view body) = nullptr) {
    Post(
        path,
        [this, route](std::string_view body, const StopFlag& stop) {
          return (routes_.*route)(body, stop);
        },
        quick);
  }
  // Takes a POST's body, read whole before the request was served; false when it did not
  // come (the request's head read otherwise than httplib read it), `response` then holding
  // the answer.
  static bool TakeBody(const httplib::Request& request, httplib::Response& response,
                       std::string& body) {
    Connection& connection = CurrentConnection();
    body = std::move(connection.body);
    if (body.size() == BodyLength(HeadOf(request))) return true;
    EndConnection(connection, response);
    Send(response, ErrorReply(400, "the request body did not arrive whole"));
    return false;
  }

  // A route run on a worker, with a stop flag set when its client leaves; on one of the
  // quick workers (marks_gate_) when `quick` says so of its body.
  void Post(const std::string& path, Route route, bool (*quick)(std::string_view body) = nullptr) {
    guard_.routes[path] = "POST";
    // (A handler that takes a ContentReader, so that httplib reads no body itself.)
    server_.Post(path, [this, route, quick](const httplib::Request& request,
                                            httplib::Response& response,
                                            const httplib::ContentReader&) {
      std::string body;
      if (!TakeBody(request, response, body)) return;
      const auto stop = watch_.Watch(CurrentConnection().socket);
      const auto worker = (quick && quick(body) ? marks_gate_ : gate_).Enter(*stop);
      if (!worker) return Send(response, Busy());
      Send(response, Answer([&] { return route(body, *stop); }));
    });
  }

  // An answer that streams as NDJSON, on a worker until it ends, the client leaves or the
  // server stops: `start` checks the request (a refusal is answered at once) and gives what
  // writes the lines.
  using Producer = std::function<void(const ApiRoutes::Write&)>;
  void Stream(httplib::Response& response, const std::function<Producer(const StopFlag&)>& start) {
    const auto stop = watch_.Watch(CurrentConnection().socket);
    const auto worker = gate_.Enter(*stop);
    if (!worker) return Send(response, Busy());
    Producer produce;
    const Reply refused = Answer([&] {
      produce = start(*stop);
      return Reply{};
    });
    if (!produce) return Send(response, refused);
    response.set_chunked_content_provider(
        "application/x-ndjson", [produce, stop, worker](size_t, httplib::DataSink& sink) {
          // A failed write is a client gone: the search stops with it.
          const Reply failed = Answer([&] {
            produce([&](std::string_view line) { return sink.write(line.data(), line.size()); });
            return Reply{};
          });
          if (failed.status != 200) sink.write(failed.body.data(), failed.body.size());
          sink.done();
          return true;
        });
  }

  // A POST whose answer streams (Stream).
  void StreamPost(const std::string& path,
                  std::function<Producer(std::string_view body, const StopFlag&)> start) {
    guard_.routes[path] = "POST";
    server_.Post(path, [this, start](const httplib::Request& request, httplib::Response& response,
                                     const httplib::ContentReader&) {
      std::string body;
      if (!TakeBody(request, response, body)) return;
      Stream(response, [&](const StopFlag& stop) { return start(body, stop); });
    });
  }

  ServerSettings settings_;
  ApiRoutes routes_;
  WorkGate gate_;
  WorkGate marks_gate_;  // for requests that search nothing: a grid's marks
  ConnectionWatch watch_;
  GuardSettings guard_;
  HttpServer server_;
};

// As many open connections as the system lets this process have (Debian's soft limit of 1024
// would stop accepting before the waiting connections reach theirs).
void RaiseOpenFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 &&
      limit.rlim_cur < std::min<rlim_t>(limit.rlim_max, 65536)) {
    limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 65536);
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int Serve(std::vector<WordList> lists, const DictionaryOptions& upload_options,
          const ServerSettings& given) {
  RaiseOpenFileLimit();
  // Blocks of 1 MiB and more (a body, an uploaded list's text and tables) are mapped apart and
  // given back when freed. glibc's threshold otherwise rises to the largest block freed, after
  // which an upload's megabytes came from the arenas and stayed there, fragmented, so that the
  // resident size grew with every upload although only the last few lists are kept.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  ServerSettings settings = given;
  if (settings.token.empty() && !IsLoopback(settings.host)) settings.token = NewToken();
  // SIGINT and SIGTERM go to one thread, which stops the server: every thread started from
  // here on inherits the blocked mask.
  sigset_t signals, previous;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  int status = 0;
  {
    Workbench workbench(std::move(lists), upload_options, settings);
    const int port = workbench.Bind();
    if (port < 0) {
      std::cerr << "squares: cannot listen on " << settings.host << " port " << settings.port
                << "\n";
      status = 1;
    } else {
      if (!IsLoopback(settings.host)) {
        std::cerr << "squares: warning: serving on " << settings.host
                  << ": anyone who reaches it with the token can run searches on this machine\n";
      }
      // Bound to every interface, the address to open is this machine's loopback one.
      const std::string shown = settings.host == "0.0.0.0" ? "127.0.0.1"
                                : settings.host == "::"    ? "::1"
                                                           : settings.host;
      const bool v6 = shown.find(':') != std::string::npos;
      std::cout << "squares: serving http://" << (v6 ? "[" : "") << shown << (v6 ? "]" : "")
                << ":" << port << "/" << (settings.token.empty() ? "" : "?token=" + settings.token)
                << std::endl;
      std::atomic<bool> listened = false;
      std::thread waiter([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        // A signal may come before the server listens, and httplib ignores a stop then: stop
        // until listening has ended.
        while (!listened) {
          workbench.Stop();
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
      });
      workbench.Listen();
      listened = true;
      pthread_kill(waiter.native_handle(), SIGTERM);  // when it still waits for a signal
      waiter.join();
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return status;
}

}  // namespace squares::serve
