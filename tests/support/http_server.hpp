#pragma once
// A tiny HTTP/1.1 server for tests (127.0.0.1, a free port, one thread): fixed pages by path, 404 for
// everything else. Started by the constructor and stopped by the destructor, so each test owns its server.
// Test-only (POSIX sockets, or Winsock for the Windows test build); pdo itself talks HTTP through libcurl.
#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

#include <atomic>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

namespace pdo::test {

/// The few socket calls the server needs, the same on POSIX and Winsock.
namespace net {
#ifdef _WIN32
using Socket = SOCKET;
inline const Socket k_invalid = INVALID_SOCKET;
inline Socket open_tcp() {
  static const bool started = [] {
    WSADATA data;
    return ::WSAStartup(MAKEWORD(2, 2), &data) == 0;
  }();
  return started ? ::socket(AF_INET, SOCK_STREAM, 0) : INVALID_SOCKET;
}
inline void close(Socket s) { ::closesocket(s); }
inline int wait_readable(Socket s, int ms) {
  WSAPOLLFD p{s, POLLRDNORM, 0};
  return ::WSAPoll(&p, 1, ms);
}
inline long recv_some(Socket s, char* buf, std::size_t n) { return ::recv(s, buf, static_cast<int>(n), 0); }
inline long send_some(Socket s, const char* buf, std::size_t n) { return ::send(s, buf, static_cast<int>(n), 0); }
using AddrLen = int;
#else
using Socket = int;
inline constexpr Socket k_invalid = -1;
inline Socket open_tcp() { return ::socket(AF_INET, SOCK_STREAM, 0); }
inline void close(Socket s) { ::close(s); }
inline int wait_readable(Socket s, int ms) {
  pollfd p{s, POLLIN, 0};
  return ::poll(&p, 1, ms);
}
inline long recv_some(Socket s, char* buf, std::size_t n) { return ::read(s, buf, n); }
inline long send_some(Socket s, const char* buf, std::size_t n) { return ::write(s, buf, n); }
using AddrLen = socklen_t;
#endif
}  // namespace net

/// A page the server returns: HTTP status and HTML body.
struct Page {
  int status = 200;
  std::string body;
};

/// An HTML page whose <title> is `title`.
inline std::string html_with_title(const std::string& title) {
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>" + title +
         "</title></head>\n<body><nav>Distributed</nav></body></html>\n";
}

/// Serves `pages` (path -> page) on 127.0.0.1 until destroyed.
class HttpServer {
public:
  explicit HttpServer(std::map<std::string, Page> pages) : m_pages(std::move(pages)) {
    m_fd = net::open_tcp();
    if (m_fd == net::k_invalid) throw std::runtime_error("socket");
    const int one = 1;
    ::setsockopt(m_fd, SOL_SOCKET, SO_REUSEADDR, reinterpret_cast<const char*>(&one), sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(m_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(m_fd, 16) != 0) {
      net::close(m_fd);
      throw std::runtime_error("bind/listen");
    }
    net::AddrLen len = sizeof addr;
    ::getsockname(m_fd, reinterpret_cast<sockaddr*>(&addr), &len);
    m_port = ntohs(addr.sin_port);
    m_thread = std::thread([this] { serve(); });
  }
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  ~HttpServer() {
    m_stop = true;
    m_thread.join();
    net::close(m_fd);
  }

  /// "http://127.0.0.1:PORT".
  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(m_port); }
  /// How many requests were read and answered (or were being answered).
  int requests() const { return m_requests; }

private:
  void serve() {
    while (!m_stop) {
      if (net::wait_readable(m_fd, 50) <= 0) continue;
      const net::Socket client = ::accept(m_fd, nullptr, nullptr);
      if (client == net::k_invalid) continue;
      answer(client);
      net::close(client);
    }
  }

  void answer(net::Socket client) {
    std::string request;
    char buf[4096];
    while (request.find("\r\n\r\n") == std::string::npos) {
      if (net::wait_readable(client, 2000) <= 0) return;
      const long n = net::recv_some(client, buf, sizeof buf);
      if (n <= 0) return;
      request.append(buf, static_cast<std::size_t>(n));
    }
    const auto sp1 = request.find(' ');
    const auto sp2 = request.find(' ', sp1 + 1);
    const std::string path = request.substr(sp1 + 1, sp2 - sp1 - 1);
    const auto found = m_pages.find(path);
    const Page page = found != m_pages.end() ? found->second : Page{404, html_with_title("404 Not Found")};
    const std::string response = "HTTP/1.1 " + std::to_string(page.status) + (page.status == 200 ? " OK" : " Error") +
                                 "\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " + std::to_string(page.body.size()) +
                                 "\r\nConnection: close\r\n\r\n" + page.body;
    // Counted before the answer goes out: once the client has it, the test may read the count at once.
    ++m_requests;
    std::size_t sent = 0;
    while (sent < response.size()) {
      const long n = net::send_some(client, response.data() + sent, response.size() - sent);
      if (n <= 0) return;
      sent += static_cast<std::size_t>(n);
    }
  }

  std::map<std::string, Page> m_pages;
  net::Socket m_fd = net::k_invalid;
  int m_port = 0;
  std::atomic<bool> m_stop{false};
  std::atomic<int> m_requests{0};
  std::thread m_thread;
};

/// A local port with nothing listening (bound, then closed), for "connection refused".
inline int refused_port() {
  const net::Socket fd = net::open_tcp();
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  net::AddrLen len = sizeof addr;
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  net::close(fd);
  return ntohs(addr.sin_port);
}

}  // namespace pdo::test
