// A PixelCanvas (pixel_canvas.h) uploaded to an OpenGL texture that ImGui can draw as an
// image; the one place the views touch OpenGL directly.
#pragma once

#include <imgui.h>

#include "gui/pixel_canvas.h"

namespace tp::gui {

class CanvasTexture {
 public:
  // Uploads the canvas (creating or resizing the texture when needed) and returns its id
  // for ImDrawList::AddImage. Needs the window's GL context to be current.
  ImTextureID upload(const PixelCanvas& canvas);

 private:
  unsigned int id_ = 0;  // GLuint; 0 until the first upload
  int width_ = 0, height_ = 0;
};

}  // namespace tp::gui
