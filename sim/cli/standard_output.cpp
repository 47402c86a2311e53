#include "cli/standard_output.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <streambuf>

namespace warpsim::cli {
namespace {

// std::cout's buffer: writes to descriptor 1 and keeps the errno of the first failed write, so
// that the error can say why (ENOSPC, EBADF, EIO) after the stream has gone bad.
class DescriptorOutput final : public std::streambuf {
 public:
  DescriptorOutput() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  void close_descriptor() { closed_ = true; }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    while (p < pptr() && error_ == 0) {
      if (closed_) {
        error_ = EBADF;
        break;
      }
      const ssize_t n = ::write(STDOUT_FILENO, p, static_cast<size_t>(pptr() - p));
      if (n > 0)
        p += n;
      else if (n < 0 && errno != EINTR)
        error_ = errno;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
  }

  std::array<char, 1 << 16> buffer_{};
  int error_ = 0;
  bool closed_ = false;
};

DescriptorOutput descriptor_output;

}  // namespace

void guard_standard_output() {
  std::cout.rdbuf(&descriptor_output);
  if (isatty(STDOUT_FILENO)) std::cout.setf(std::ios::unitbuf);  // a terminal sees each line as it comes, as with stdio
  if (fcntl(STDOUT_FILENO, F_GETFD) != -1 || errno != EBADF) return;
  // Descriptor 1 is closed: /dev/null takes the number (the lowest free one) so no file the command
  // opens gets it; writes to std::cout fail with EBADF, as they would have.
  descriptor_output.close_descriptor();
  const int fd = open("/dev/null", O_WRONLY);
  if (fd != -1 && fd != STDOUT_FILENO) close(fd);
}

std::string standard_output_error() {
  std::cout.flush();
  if (descriptor_output.error() != 0) return std::strerror(descriptor_output.error());
  return std::cout ? "" : "the write failed";
}

}  // namespace warpsim::cli
