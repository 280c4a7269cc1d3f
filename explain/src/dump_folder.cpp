#include "dump_folder.h"

#include <fmt/format.h>
#include <zlib.h>

#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// gzip's format (zcat reads it), in memory: the file is then written whole or not at all.
std::string gzipped(const std::string& text) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&stream, text.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

}  // namespace

DumpFolder::DumpFolder(fs::path dir, const std::vector<fs::path>& inputs, size_t cap_bytes)
    : dir_(std::move(dir)), cap_bytes_(cap_bytes) {
  refuse_output_inside(dir_, inputs, "--out");
  std::error_code error;
  if (fs::is_symlink(dir_, error)) throw InputError("--out " + dir_.string() + ": is a symbolic link; name a new folder");
  if (fs::exists(dir_, error) && (!fs::is_directory(dir_, error) || !fs::is_empty(dir_, error)))
    throw InputError("--out " + dir_.string() + ": exists and is not an empty folder; name a new one");
  fs::create_directories(dir_ / "ir", error);
  if (error) throw InputError(fmt::format("--out {}: cannot create it: {}", dir_.string(), error.message()));
}

size_t DumpFolder::store(const std::string& point_id, char side, const std::vector<PassPoint>& passes) {
  fs::path folder = dir_;
  for (size_t at = 0; at <= point_id.size();) {  // "op/shape/dtype": each part a plain name
    const size_t slash = std::min(point_id.find('/', at), point_id.size());
    const std::string part = point_id.substr(at, slash - at);
    if (!is_plain_name(part)) throw InputError(fmt::format("point {}: '{}' cannot name a folder", point_id, part));
    folder /= part;
    at = slash + 1;
  }
  fs::create_directories(folder);
  std::string index = "# pass\tstage\toutput (ir/<sha256 of the IR>.ir.gz; 'over cap': not kept)\n";
  size_t kept = 0, left_out = 0;
  for (const PassPoint& pass : passes) {
    const std::string digest = sha256_hex(pass.ir);
    std::string where = "ir/" + digest + ".ir.gz";
    if (!stored_.count(digest)) {
      if (kept + pass.ir.size() > cap_bytes_) {
        where = "over cap";
        ++left_out;
      } else {
        write_file_atomically(dir_ / where, gzipped(pass.ir));
        stored_.insert(digest);
        kept += pass.ir.size();
      }
    }
    index += fmt::format("{}\t{}\t{}\n", pass.pass, spelling(pass.stage), where);
  }
  write_file_atomically(folder / fmt::format("{}.tsv", side), index);
  return left_out;
}

}  // namespace abt
