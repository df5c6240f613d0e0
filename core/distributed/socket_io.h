// Small blocking-socket helpers for the TCP store: whole-buffer send/receive and the
// fixed-width integers of its messages.
#pragma once

#include <cstdint>
#include <string>

namespace tp::dist {

// False when the peer closed the connection or the socket failed.
bool send_all(int fd, const void* data, size_t n);
bool recv_all(int fd, void* data, size_t n);

// One request or reply: a command or status byte, a number, a key and a value.
struct Message {
  uint8_t code = 0;
  uint64_t number = 0;
  std::string key;
  std::string value;
};

bool send_message(int fd, const Message& m);
bool recv_message(int fd, Message& m);

}  // namespace tp::dist
