// The capture directory's layout (SPEC section 5b), its one writer. Readers: opspec (an op's
// captured: {cases, root}, validated there) and anyone reading capture.json.
#pragma once
#include <filesystem>
#include <string>

#include "capture_manifest.h"
#include "op_drafts.h"

namespace abt::capture {

namespace layout {
inline const char* const kManifest = "capture.json";
inline const char* const kShapes = "shapes.yaml";
inline const char* const kOps = "ops";
inline const char* const kInputs = "inputs";
inline const char* const kOpSpec = "op.yaml";
inline const char* const kCases = "cases.json";
inline const char* const kSourceCopy = "kernel_source.py";
std::string stored_tensor(const std::string& sha);  // "inputs/<sha>.bin", relative to the capture
}  // namespace layout

// Writes ops/, shapes.yaml and capture.json into `dir` (the capture being built); the stored
// tensors the ops name are moved there from `tensors` (the shim's staging folder).
void write_capture(const std::filesystem::path& dir, const std::filesystem::path& tensors, const Drafts& drafts,
                   const CaptureManifest& manifest);

}  // namespace abt::capture
