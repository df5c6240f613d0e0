// Whole-buffer socket I/O and the TCP store's message framing (code, number, key, value;
// lengths and numbers little-endian as the host writes them: both ends are tensorplay).
#include "core/distributed/socket_io.h"

#include <sys/socket.h>

#include <cerrno>

namespace tp::dist {

bool send_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t sent = ::send(fd, p, n, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    p += sent;
    n -= static_cast<size_t>(sent);
  }
  return true;
}

bool recv_all(int fd, void* data, size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    ssize_t got = ::recv(fd, p, n, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    p += got;
    n -= static_cast<size_t>(got);
  }
  return true;
}

namespace {

void append(std::string& out, const void* data, size_t n) { out.append(static_cast<const char*>(data), n); }

void append_string(std::string& out, const std::string& s) {
  uint32_t n = static_cast<uint32_t>(s.size());
  append(out, &n, sizeof n);
  out += s;
}

bool recv_string(int fd, std::string& s) {
  uint32_t n = 0;
  if (!recv_all(fd, &n, sizeof n)) return false;
  s.resize(n);
  return recv_all(fd, s.data(), n);
}

}  // namespace

// One send per message: small requests are not held back waiting for the next write.
bool send_message(int fd, const Message& m) {
  std::string wire;
  append(wire, &m.code, sizeof m.code);
  append(wire, &m.number, sizeof m.number);
  append_string(wire, m.key);
  append_string(wire, m.value);
  return send_all(fd, wire.data(), wire.size());
}

bool recv_message(int fd, Message& m) {
  return recv_all(fd, &m.code, sizeof m.code) && recv_all(fd, &m.number, sizeof m.number) &&
         recv_string(fd, m.key) && recv_string(fd, m.value);
}

}  // namespace tp::dist
