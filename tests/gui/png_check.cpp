// Checks screenshots for the GUI window tests (gui_window_test.sh): not blank, a colour
// present in a region, two shots differing in a region. Prints what it found; exit 1 on a
// failed check, 2 on bad usage or an unreadable file.
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace {

struct Image {
  int w = 0, h = 0;
  unsigned char* px = nullptr;
  explicit Image(const char* path) {
    int n = 0;
    px = stbi_load(path, &w, &h, &n, 3);
    if (!px) {
      std::fprintf(stderr, "png_check: cannot read %s\n", path);
      std::exit(2);
    }
  }
  ~Image() { stbi_image_free(px); }
  const unsigned char* at(int x, int y) const { return px + (size_t(y) * w + x) * 3; }
};

// A region as fractions of the image ("0 0 1 1" is all of it).
struct Region {
  int x0, y0, x1, y1;
  Region(const Image& im, char** a) {
    x0 = int(std::atof(a[0]) * im.w);
    y0 = int(std::atof(a[1]) * im.h);
    x1 = int(std::atof(a[2]) * im.w);
    y1 = int(std::atof(a[3]) * im.h);
  }
  double size() const { return double(x1 - x0) * (y1 - y0); }
};

int usage() {
  std::fprintf(stderr,
               "usage: png_check notblank FILE MIN_COLOURS\n"
               "       png_check colour FILE X0 Y0 X1 Y1 R G B TOL MIN_FRACTION\n"
               "       png_check differ FILE1 FILE2 X0 Y0 X1 Y1 MIN_FRACTION\n"
               "  (regions are fractions of the width and height)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string cmd = argv[1];
  if (cmd == "notblank" && argc == 4) {
    Image im(argv[2]);
    std::set<int> colours;
    for (int y = 0; y < im.h; y += 2) {
      for (int x = 0; x < im.w; x += 2) {
        const unsigned char* p = im.at(x, y);
        colours.insert(p[0] << 16 | p[1] << 8 | p[2]);
      }
    }
    const int want = std::atoi(argv[3]);
    std::printf("%s: %dx%d, %zu colours (want >= %d)\n", argv[2], im.w, im.h, colours.size(), want);
    return int(colours.size()) >= want ? 0 : 1;
  }
  if (cmd == "colour" && argc == 12) {
    Image im(argv[2]);
    Region r(im, argv + 3);
    const int R = std::atoi(argv[7]), G = std::atoi(argv[8]), B = std::atoi(argv[9]);
    const int tol = std::atoi(argv[10]);
    long hits = 0;
    for (int y = r.y0; y < r.y1; ++y) {
      for (int x = r.x0; x < r.x1; ++x) {
        const unsigned char* p = im.at(x, y);
        hits += std::abs(p[0] - R) <= tol && std::abs(p[1] - G) <= tol && std::abs(p[2] - B) <= tol;
      }
    }
    const double f = hits / r.size(), want = std::atof(argv[11]);
    std::printf("%s: colour (%d,%d,%d) covers %.4f of the region (want >= %g)\n", argv[2], R, G, B, f, want);
    return f >= want ? 0 : 1;
  }
  if (cmd == "differ" && argc == 9) {
    Image a(argv[2]), b(argv[3]);
    if (a.w != b.w || a.h != b.h) {
      std::printf("sizes differ\n");
      return 0;
    }
    Region r(a, argv + 4);
    long diff = 0;
    for (int y = r.y0; y < r.y1; ++y) {
      for (int x = r.x0; x < r.x1; ++x) {
        const unsigned char *p = a.at(x, y), *q = b.at(x, y);
        diff += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
      }
    }
    const double f = diff / r.size(), want = std::atof(argv[8]);
    std::printf("%s vs %s: %.4f of the region differs (want >= %g)\n", argv[2], argv[3], f, want);
    return f >= want ? 0 : 1;
  }
  return usage();
}
