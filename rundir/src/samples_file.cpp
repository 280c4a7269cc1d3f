#include "rundir/samples_file.h"

#include <fmt/format.h>

#include <zlib.h>

#include <bit>
#include <cstring>

#include "model/json_fields.h"
#include "rundir/layout.h"

namespace abt {
namespace {

static_assert(std::endian::native == std::endian::little, "samples.bin is little-endian, as this machine must be");

constexpr std::string_view kHeader = "abtool.samples/1";  // the file's first 16 bytes: kSamplesFormat
constexpr uint32_t kRecordMagic = 0x52534241;            // "ABSR" in the file
constexpr size_t kCountsBytes = 4 * sizeof(uint64_t);
constexpr size_t kPrefixBytes = 2 * sizeof(uint32_t);    // magic, crc32 of what follows

uint32_t crc32_of(const char* data, size_t size) {
  // zlib's (the IEEE polynomial, as Python's zlib.crc32 reads it), in chunks its length type holds.
  uLong crc = crc32_z(0L, Z_NULL, 0);
  return uint32_t(crc32_z(crc, reinterpret_cast<const Bytef*>(data), size));
}

template <typename T>
void put(std::string& out, const T* values, size_t count) {
  out.append(reinterpret_cast<const char*>(values), count * sizeof(T));
}

size_t padded_rounds_bytes(uint64_t rounds) { return (rounds * sizeof(int32_t) + 7) / 8 * 8; }

}  // namespace

SamplesWriter::SamplesWriter(const std::filesystem::path& file) : file_(file) {
  if (file_.size() == 0) file_.append(kHeader);
}

SamplesRef SamplesWriter::append(const Measurement& measurement) {
  const uint64_t counts[4] = {measurement.samples_us.size(), measurement.round_sizes.size(),
                              measurement.probe_us.size(), measurement.round_clock_mhz.size()};
  std::string record(kPrefixBytes, '\0');
  put(record, counts, 4);
  put(record, measurement.samples_us.data(), measurement.samples_us.size());
  std::vector<int32_t> rounds(measurement.round_sizes.begin(), measurement.round_sizes.end());
  rounds.resize(padded_rounds_bytes(rounds.size()) / sizeof(int32_t), 0);
  put(record, rounds.data(), rounds.size());
  put(record, measurement.probe_us.data(), measurement.probe_us.size());
  put(record, measurement.round_clock_mhz.data(), measurement.round_clock_mhz.size());
  const uint32_t prefix[2] = {kRecordMagic, crc32_of(record.data() + kPrefixBytes, record.size() - kPrefixBytes)};
  std::memcpy(record.data(), prefix, kPrefixBytes);
  const SamplesRef ref{file_.size(), record.size(), counts[0], counts[1]};
  file_.append(record);
  return ref;
}

SamplesReader::SamplesReader(const std::filesystem::path& file) : file_(file) {
  try {
    mapped_ = std::make_unique<MappedFile>(file);
  } catch (const InputError&) {
    throw RunFormatError(file.string() + ": missing or unreadable (the samples of this run's points)");
  }
  if (mapped_->text().substr(0, kHeader.size()) != kHeader)
    throw RunFormatError(fmt::format("{}: not an abtool samples file (it does not start with {})", file.string(), kHeader));
}

void SamplesReader::read(const SamplesRef& ref, Measurement& measurement, const std::string& where) const {
  const std::string_view bytes = mapped_->text();
  auto damaged = [&](const std::string& what) {
    throw RunFormatError(fmt::format("{}: {}: samples at byte {}: {}", where, file_.filename().string(), ref.at, what));
  };
  if (ref.at < kHeader.size() || ref.bytes < kPrefixBytes + kCountsBytes || ref.at > bytes.size() ||
      ref.bytes > bytes.size() - ref.at)
    damaged(fmt::format("{} bytes there lie outside the file's {} bytes (truncated, or results.json names the wrong place)",
                        ref.bytes, bytes.size()));
  const char* record = bytes.data() + ref.at;
  uint32_t prefix[2];
  std::memcpy(prefix, record, kPrefixBytes);
  if (prefix[0] != kRecordMagic) damaged("no record starts there");
  if (crc32_of(record + kPrefixBytes, ref.bytes - kPrefixBytes) != prefix[1]) damaged("its checksum does not match (damaged)");
  uint64_t counts[4];
  std::memcpy(counts, record + kPrefixBytes, kCountsBytes);
  const uint64_t limit = ref.bytes / sizeof(double);  // no count can exceed what the record holds
  for (uint64_t count : counts)
    if (count > limit) damaged("its counts do not fit its size");
  const uint64_t expected = kPrefixBytes + kCountsBytes + (counts[0] + counts[2] + counts[3]) * sizeof(double) +
                            padded_rounds_bytes(counts[1]);
  if (expected != ref.bytes) damaged(fmt::format("its counts need {} bytes, results.json says {}", expected, ref.bytes));
  if (counts[0] != ref.samples || counts[1] != ref.rounds)
    damaged(fmt::format("it holds {} samples in {} rounds, results.json says {} in {}", counts[0], counts[1], ref.samples,
                        ref.rounds));
  const char* at = record + kPrefixBytes + kCountsBytes;
  auto take = [&](auto& values, uint64_t count, size_t stride) {
    values.resize(count);
    std::memcpy(values.data(), at, count * sizeof(values[0]));
    at += stride;
  };
  take(measurement.samples_us, counts[0], counts[0] * sizeof(double));
  std::vector<int32_t> rounds;
  take(rounds, counts[1], padded_rounds_bytes(counts[1]));
  measurement.round_sizes.assign(rounds.begin(), rounds.end());
  take(measurement.probe_us, counts[2], counts[2] * sizeof(double));
  take(measurement.round_clock_mhz, counts[3], counts[3] * sizeof(double));
}

}  // namespace abt
