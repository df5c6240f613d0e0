// Uploading the grid's CPU picture to OpenGL (canvas_texture.h). GL 1.1 calls only, so no
// function loader is needed; nearest filtering keeps cell edges sharp.
#include "gui/canvas_texture.h"

#include <GL/gl.h>

#include <cstdint>

namespace tp::gui {

ImTextureID CanvasTexture::upload(const PixelCanvas& canvas) {
  if (id_ == 0) {
    GLuint id = 0;
    glGenTextures(1, &id);
    id_ = id;
    glBindTexture(GL_TEXTURE_2D, id_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, id_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (canvas.width != width_ || canvas.height != height_) {
    width_ = canvas.width;
    height_ = canvas.height;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, height_, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 canvas.pixels.data());
  } else if (width_ > 0 && height_ > 0) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE,
                    canvas.pixels.data());
  }
  return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(id_));
}

}  // namespace tp::gui
