// The HTTP side of the workbench: routes, the worker pool, disconnects, limits and signals.
#include "serve/server.h"

#include <httplib.h>
#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <thread>

#include "serve/api_routes.h"
#include "serve/assets.h"
#include "serve/connection_watch.h"
#include "serve/pdf.h"
#include "serve/work_gate.h"

namespace squares::serve {
namespace {

void Send(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  response.set_content(reply.body, reply.content_type);
}

// The route's reply, or the error reply for what it threw: a refused request is the client's
// (400), anything else the server's (500).
Reply Answer(const std::function<Reply()>& route) {
  try {
    return route();
  } catch (const BadRequest& error) {
    return ErrorReply(400, error.what());
  } catch (const Error& error) {
    return ErrorReply(400, error.what());
  } catch (const std::bad_alloc&) {
    return ErrorReply(503, "out of memory");
  } catch (const std::exception& error) {
    return ErrorReply(500, error.what());
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

class Workbench {
 public:
  Workbench(const Dictionary& dictionary, const ServerSettings& settings)
      : settings_(settings), routes_(dictionary, settings.threads, FindPdflatex()),
        gate_(settings.threads, settings.queue) {
    // A pool thread per worker and per waiting request, and a few to answer "busy", serve the
    // page and hold idle keep-alive connections.
    const size_t connections = static_cast<size_t>(settings.threads + settings.queue) + 8;
    server_.new_task_queue = [connections] { return new httplib::ThreadPool(connections); };
    server_.set_payload_max_length(settings.max_body);
    // httplib's default sets SO_REUSEPORT, with which a second server on the same port would
    // share it silently instead of failing.
    server_.set_socket_options([](int socket) {
      const int yes = 1;
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server_.set_keep_alive_timeout(2);
    server_.set_error_handler([](const httplib::Request&, httplib::Response& response) {
      if (response.body.empty()) {
        response.set_content(ErrorReply(response.status, ErrorMessage(response.status)).body,
                             "application/json");
      }
    });
    for (const Asset& asset : Assets()) {
      const auto serve_asset = [asset](const httplib::Request&, httplib::Response& response) {
        response.set_content(asset.data.data(), asset.data.size(), std::string(asset.content_type));
        response.set_header("Cache-Control", "no-cache");
      };
      std::string path = "/";  // (not "/" + name: g++ 12 warns falsely of an overlap there)
      path += asset.name;
      server_.Get(path, serve_asset);
      if (asset.name == "index.html") server_.Get("/", serve_asset);
    }
    Post("/api/fill", &ApiRoutes::Fill);
    Post("/api/candidates", &ApiRoutes::Candidates);
    server_.Post("/api/candidates/stream", [this](const httplib::Request& request, httplib::Response& response) {
      Stream(request, response, [this, &request](const StopFlag& stop) { return routes_.CandidatesStream(request.body, stop); });
    });
    Post("/api/check", [this](std::string_view body, const StopFlag&) { return routes_.Check(body); });
    Post("/api/prove", [this](std::string_view body, const StopFlag&) { return routes_.Prove(body); });
    Post("/api/export", &ApiRoutes::Export);
    Post("/api/open", [this](std::string_view body, const StopFlag&) { return routes_.Open(body); });
    server_.Get("/api/info", [this](const httplib::Request&, httplib::Response& response) {
      Send(response, routes_.Info());
    });
    server_.Get("/api/squares", [this](const httplib::Request& request, httplib::Response& response) {
      Squares(request, response);
    });
  }

  // The port bound (`settings.port`, or the one chosen for 0), or -1.
  int Bind() {
    if (settings_.port == 0) return server_.bind_to_any_port(settings_.host);
    return server_.bind_to_port(settings_.host, settings_.port) ? settings_.port : -1;
  }
  void Listen() { server_.listen_after_bind(); }
  void Stop() {
    watch_.StopAll();
    server_.stop();
  }

 private:
  using Route = std::function<Reply(std::string_view body, const StopFlag& stop)>;

  void Post(const std::string& path, Reply (ApiRoutes::*route)(std::string_view, const StopFlag&) const) {
    Post(path, [this, route](std::string_view body, const StopFlag& stop) {
      return (routes_.*route)(body, stop);
    });
  }
  // A route run on a worker, with a stop flag set when its client leaves.
  void Post(const std::string& path, Route route) {
    server_.Post(path, [this, route](const httplib::Request& request, httplib::Response& response) {
      const auto stop = WatchClient(request);
      const auto worker = gate_.Enter(*stop);
      if (!worker) return Send(response, ErrorReply(503, "busy"));
      Send(response, Answer([&] { return route(request.body, *stop); }));
    });
  }

  std::shared_ptr<StopFlag> WatchClient(const httplib::Request& request) {
    return watch_.Watch(FindConnectionSocket(request.remote_addr, request.remote_port,
                                             request.local_port));
  }

  // A POST whose answer streams as NDJSON: `start` reads the request (a refusal is answered
  // at once) and gives what writes the lines, on a worker until it ends or the client leaves.
  using Producer = std::function<void(const ApiRoutes::Write&)>;
  void Stream(const httplib::Request& request, httplib::Response& response,
              const std::function<Producer(const StopFlag&)>& start) {
    const auto stop = WatchClient(request);
    const auto worker = gate_.Enter(*stop);
    if (!worker) return Send(response, ErrorReply(503, "busy"));
    Producer produce;
    const Reply refused = Answer([&] {
      produce = start(*stop);
      return Reply{};
    });
    if (!produce) return Send(response, refused);
    response.set_chunked_content_provider(
        "application/x-ndjson", [produce, stop, worker](size_t, httplib::DataSink& sink) {
          const Reply failed = Answer([&] {
            produce([&](std::string_view line) { return sink.write(line.data(), line.size()); });
            return Reply{};
          });
          if (failed.status != 200) sink.write(failed.body.data(), failed.body.size());
          sink.done();
          return true;
        });
  }

  // GET /api/squares: the search is made (and so its options checked) before the answer, then
  // its results stream as NDJSON until it ends, the client leaves or the server stops.
  void Squares(const httplib::Request& request, httplib::Response& response) {
    const auto stop = WatchClient(request);
    const auto worker = gate_.Enter(*stop);
    if (!worker) return Send(response, ErrorReply(503, "busy"));
    std::shared_ptr<SquareSearch> search;
    const Reply refused = Answer([&] {
      const QueryParams params(request.params.begin(), request.params.end());
      search = std::make_shared<SquareSearch>(routes_.Squares(params, *stop));
      return Reply{};
    });
    if (!search) return Send(response, refused);
    response.set_chunked_content_provider(
        "application/x-ndjson", [search, stop, worker](size_t, httplib::DataSink& sink) {
          // A failed write is a client gone: the search stops with it.
          const Reply failed = Answer([&] {
            search->Write(SquareFormat::kJsonl, [&](std::string_view text) {
              return sink.write(text.data(), text.size());
            });
            return Reply{};
          });
          if (failed.status != 200) sink.write(failed.body.data(), failed.body.size());
          sink.done();
          return true;
        });
  }

  ServerSettings settings_;
  ApiRoutes routes_;
  WorkGate gate_;
  ConnectionWatch watch_;
  httplib::Server server_;
};

bool IsLoopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

}  // namespace

int Serve(const Dictionary& dictionary, const ServerSettings& settings) {
  // SIGINT and SIGTERM go to one thread, which stops the server: every thread started from
  // here on inherits the blocked mask.
  sigset_t signals, previous;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  int status = 0;
  {
    Workbench workbench(dictionary, settings);
    const int port = workbench.Bind();
    if (port < 0) {
      std::cerr << "squares: cannot listen on " << settings.host << " port " << settings.port
                << "\n";
      status = 1;
    } else {
      if (!IsLoopback(settings.host)) {
        std::cerr << "squares: warning: serving on " << settings.host
                  << ": anyone who reaches it can run searches on this machine\n";
      }
      const bool v6 = settings.host.find(':') != std::string::npos;
      std::cout << "squares: serving http://" << (v6 ? "[" : "") << settings.host
                << (v6 ? "]" : "") << ":" << port << "/" << std::endl;
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
