#include "serve/connection_watch.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <cstdlib>
#include <vector>

namespace squares::serve {
namespace {

// A socket address's numeric host and port, as httplib reports a request's.
bool HostAndPort(const sockaddr_storage& address, socklen_t length, std::string& host, int& port) {
  char name[NI_MAXHOST];
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, name, sizeof name, nullptr,
                  0, NI_NUMERICHOST) != 0) {
    return false;
  }
  host = name;
  port = ntohs(address.ss_family == AF_INET6
                   ? reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port
                   : reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
  return true;
}

}  // namespace

int FindConnectionSocket(const std::string& remote_addr, int remote_port, int local_port) {
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  int found = -1;
  while (const dirent* entry = readdir(dir)) {
    char* end = nullptr;
    const long fd = std::strtol(entry->d_name, &end, 10);
    struct stat info;
    if (*end != '\0' || end == entry->d_name || fd == dirfd(dir) ||
        fstat(static_cast<int>(fd), &info) != 0 || !S_ISSOCK(info.st_mode)) {
      continue;
    }
    sockaddr_storage peer{}, local{};
    socklen_t peer_length = sizeof peer, local_length = sizeof local;
    std::string peer_host, local_host;
    int peer_port = 0, port = 0;
    if (getpeername(static_cast<int>(fd), reinterpret_cast<sockaddr*>(&peer), &peer_length) == 0 &&
        getsockname(static_cast<int>(fd), reinterpret_cast<sockaddr*>(&local), &local_length) == 0 &&
        HostAndPort(peer, peer_length, peer_host, peer_port) &&
        HostAndPort(local, local_length, local_host, port) && peer_port == remote_port &&
        port == local_port && peer_host == remote_addr) {
      found = static_cast<int>(fd);
      break;
    }
  }
  closedir(dir);
  return found;
}

ConnectionWatch::ConnectionWatch() : thread_([this] { Run(); }) {}

ConnectionWatch::~ConnectionWatch() {
  {
    std::lock_guard lock(mutex_);
    exiting_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

std::shared_ptr<StopFlag> ConnectionWatch::Watch(int socket) {
  auto stop = std::make_shared<StopFlag>(false);
  std::list<Entry>::iterator entry;
  {
    std::lock_guard lock(mutex_);
    stop->store(stopping_);
    entry = entries_.insert(entries_.end(), Entry{socket, stop});
  }
  changed_.notify_all();
  // The caller's pointer shares the flag's life, and its release ends the watch.
  return std::shared_ptr<StopFlag>(stop.get(), [this, entry, stop](StopFlag*) {
    std::lock_guard lock(mutex_);
    entries_.erase(entry);
  });
}

void ConnectionWatch::StopAll() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  for (Entry& entry : entries_) entry.stop->store(true);
}

void ConnectionWatch::Run() {
  std::vector<pollfd> polled;
  std::vector<std::shared_ptr<StopFlag>> flags;
  std::unique_lock lock(mutex_);
  while (!exiting_) {
    polled.clear();
    flags.clear();
    for (const Entry& entry : entries_) {
      if (entry.socket < 0 || entry.stop->load()) continue;
      polled.push_back({entry.socket, POLLRDHUP, 0});
      flags.push_back(entry.stop);
    }
    if (polled.empty()) {
      changed_.wait(lock);
      continue;
    }
    // The sockets stay open while their entries exist, and entries leave only under the lock.
    if (poll(polled.data(), polled.size(), 0) > 0) {
      for (size_t k = 0; k < polled.size(); ++k) {
        if (polled[k].revents & (POLLRDHUP | POLLHUP | POLLERR)) flags[k]->store(true);
      }
    }
    changed_.wait_for(lock, std::chrono::milliseconds(50));
  }
}

}  // namespace squares::serve
