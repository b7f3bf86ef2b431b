// DEFLATE decoding after RFC 1951, in the manner of zlib's reference decoder puff: canonical
// Huffman codes kept as counts per length and symbols in code order, decoded a bit at a time.
// Every read is checked against the end of the input, every code table against the RFC's
// rules, every copy against the output so far and the limit.
#include "fill/inflate.h"

#include <array>
#include <span>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace squares::core {
namespace {

constexpr int kMaxBits = 15;             // the longest code
constexpr int kMaxLiteralCodes = 286;    // literal/length symbols a dynamic block may use
constexpr int kMaxDistanceCodes = 30;    // distance symbols a dynamic block may use
constexpr int kFixedLiteralCodes = 288;  // the fixed code's literal/length symbols

constexpr std::array<uint16_t, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                  15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                  67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<uint8_t, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                  2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<uint16_t, 30> kDistanceBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<uint8_t, 30> kDistanceExtra = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                                    4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                                    9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order in which a dynamic block gives the lengths of its code-length code.
constexpr std::array<uint8_t, 19> kCodeLengthOrder = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                      11, 4,  12, 3, 13, 2, 14, 1, 15};

// A canonical Huffman code: how many codes there are of each length (count[0]: the unused
// symbols), and the symbols in the order of their codes (shorter first, then by symbol).
struct Huffman {
  std::array<uint16_t, kMaxBits + 1> count{};
  std::array<uint16_t, kFixedLiteralCodes> symbol{};
};

// Builds the code of these lengths (one per symbol, 0: unused). Returns 0 for a complete
// code, > 0 for an incomplete one (that many codes of the longest length unused), < 0 for
// an over-subscribed one (more codes than the lengths allow), which is never valid.
int Build(Huffman& h, std::span<const uint8_t> lengths) {
  h.count.fill(0);
  for (uint8_t length : lengths) ++h.count[length];
  if (h.count[0] == lengths.size()) return 0;
  int left = 1;
  for (int length = 1; length <= kMaxBits; ++length) {
    left = 2 * left - h.count[length];
    if (left < 0) return left;
  }
  std::array<uint16_t, kMaxBits + 1> next{};
  for (int length = 1; length < kMaxBits; ++length)
    next[length + 1] = next[length] + h.count[length];
  for (size_t s = 0; s < lengths.size(); ++s) {
    if (lengths[s] != 0) h.symbol[next[lengths[s]]++] = static_cast<uint16_t>(s);
  }
  return left;
}

// The fixed codes of RFC 1951 3.2.6 (distance codes 30 and 31 are in the code but invalid).
struct FixedCodes {
  Huffman literal, distance;
  FixedCodes() {
    std::array<uint8_t, kFixedLiteralCodes> lengths{};
    for (int s = 0; s < kFixedLiteralCodes; ++s)
      lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    Build(literal, lengths);
    std::array<uint8_t, kMaxDistanceCodes> distances{};
    distances.fill(5);
    Build(distance, distances);
  }
};

class Inflater {
 public:
  Inflater(std::string_view in, size_t max_bytes) : in_(in), max_bytes_(max_bytes) {}

  absl::StatusOr<std::string> Run() {
    bool last = false;
    while (!last) {
      const int header = Bits(3);
      if (header < 0) return Truncated();
      last = (header & 1) != 0;
      absl::Status status;
      switch (header >> 1) {
        case 0: status = Stored(); break;
        case 1: {
          static const FixedCodes fixed;
          status = Codes(fixed.literal, fixed.distance);
          break;
        }
        case 2: status = Dynamic(); break;
        default: return absl::DataLossError("a DEFLATE block of the invalid type 3");
      }
      if (!status.ok()) return status;
    }
    return std::move(out_);
  }

 private:
  static absl::Status Truncated() {
    return absl::DataLossError("the compressed data ends before its last block does");
  }
  absl::Status TooLarge() const {
    return absl::ResourceExhaustedError(
        absl::StrFormat("the data decompresses to more than %d bytes", max_bytes_));
  }

  // The next n (<= 16) bits, the first in the lowest place; -1 past the end of the input.
  int Bits(int n) {
    uint32_t value = bit_buffer_;
    while (bit_count_ < n) {
      if (pos_ >= in_.size()) return -1;
      value |= static_cast<uint32_t>(static_cast<uint8_t>(in_[pos_++])) << bit_count_;
      bit_count_ += 8;
    }
    bit_buffer_ = value >> n;
    bit_count_ -= n;
    return static_cast<int>(value & ((1u << n) - 1));
  }

  // The next symbol of code h: -1 past the end of the input, -2 a code h has not.
  int Decode(const Huffman& h) {
    int code = 0, first = 0, index = 0;
    for (int length = 1; length <= kMaxBits; ++length) {
      const int bit = Bits(1);
      if (bit < 0) return -1;
      code |= bit;
      const int count = h.count[length];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    return -2;
  }

  absl::Status Stored() {
    bit_buffer_ = 0;  // a stored block starts at a byte
    bit_count_ = 0;
    if (in_.size() - pos_ < 4) return Truncated();
    const auto byte = [this](size_t k) { return static_cast<uint8_t>(in_[pos_ + k]); };
    const size_t length = byte(0) | byte(1) << 8;
    if (static_cast<size_t>(byte(2) | byte(3) << 8) != (~length & 0xffff)) {
      return absl::DataLossError("a stored DEFLATE block whose length and its check differ");
    }
    pos_ += 4;
    if (in_.size() - pos_ < length) return Truncated();
    if (max_bytes_ - out_.size() < length) return TooLarge();
    out_.append(in_.substr(pos_, length));
    pos_ += length;
    return absl::OkStatus();
  }

  // The symbols of a block up to its end-of-block code.
  absl::Status Codes(const Huffman& literal, const Huffman& distance) {
    while (true) {
      int symbol = Decode(literal);
      if (symbol == -1) return Truncated();
      if (symbol < 0) return absl::DataLossError("a DEFLATE code its block's table has not");
      if (symbol < 256) {
        if (out_.size() >= max_bytes_) return TooLarge();
        out_ += static_cast<char>(symbol);
        continue;
      }
      if (symbol == 256) return absl::OkStatus();
      symbol -= 257;
      if (symbol >= static_cast<int>(kLengthBase.size())) {
        return absl::DataLossError(
            absl::StrFormat("the invalid DEFLATE length code %d", symbol + 257));
      }
      const int length_extra = Bits(kLengthExtra[symbol]);
      const int distance_symbol = Decode(distance);
      if (length_extra < 0 || distance_symbol == -1) return Truncated();
      if (distance_symbol < 0 || distance_symbol >= kMaxDistanceCodes) {
        return absl::DataLossError("an invalid DEFLATE distance code");
      }
      const int distance_extra = Bits(kDistanceExtra[distance_symbol]);
      if (distance_extra < 0) return Truncated();
      const size_t length = kLengthBase[symbol] + length_extra;
      const size_t back = kDistanceBase[distance_symbol] + distance_extra;
      if (back > out_.size()) {
        return absl::DataLossError(absl::StrFormat(
            "a DEFLATE distance of %d bytes reaches before the start of the data", back));
      }
      if (max_bytes_ - out_.size() < length) return TooLarge();
      // Byte by byte: the copy may overlap what it writes (a run).
      for (size_t k = 0; k < length; ++k) out_ += out_[out_.size() - back];
    }
  }

  absl::Status Dynamic() {
    const int literals = Bits(5), distances = Bits(5), code_lengths = Bits(4);
    if (code_lengths < 0) return Truncated();
    const int nlen = literals + 257, ndist = distances + 1, ncode = code_lengths + 4;
    if (nlen > kMaxLiteralCodes || ndist > kMaxDistanceCodes) {
      return absl::DataLossError("a DEFLATE block with more codes than there are");
    }
    std::array<uint8_t, 19> code_length_lengths{};
    for (int k = 0; k < ncode; ++k) {
      const int length = Bits(3);
      if (length < 0) return Truncated();
      code_length_lengths[kCodeLengthOrder[k]] = static_cast<uint8_t>(length);
    }
    Huffman code_length_code;
    if (Build(code_length_code, code_length_lengths) != 0) {
      return absl::DataLossError("a DEFLATE block whose code-length code is not complete");
    }
    std::array<uint8_t, kMaxLiteralCodes + kMaxDistanceCodes> lengths{};
    for (int k = 0; k < nlen + ndist;) {
      const int symbol = Decode(code_length_code);
      if (symbol == -1) return Truncated();
      if (symbol < 0) return absl::DataLossError("a DEFLATE code its block's table has not");
      if (symbol < 16) {
        lengths[k++] = static_cast<uint8_t>(symbol);
        continue;
      }
      if (symbol == 16 && k == 0) {
        return absl::DataLossError("a DEFLATE block repeats a code length before the first");
      }
      const uint8_t repeated = symbol == 16 ? lengths[k - 1] : 0;
      const int extra = symbol == 16 ? Bits(2) : symbol == 17 ? Bits(3) : Bits(7);
      if (extra < 0) return Truncated();
      const int times = (symbol == 16 ? 3 : symbol == 17 ? 3 : 11) + extra;
      if (k + times > nlen + ndist) {
        return absl::DataLossError("a DEFLATE block with more code lengths than codes");
      }
      for (int t = 0; t < times; ++t) lengths[k++] = repeated;
    }
    if (lengths[256] == 0) return absl::DataLossError("a DEFLATE block without an end code");
    // An incomplete code is allowed only when it is a single code of one bit (RFC 1951 3.2.7).
    Huffman literal, distance;
    const std::span<const uint8_t> all(lengths);
    const int literal_left = Build(literal, all.subspan(0, nlen));
    const int distance_left = Build(distance, all.subspan(nlen, ndist));
    if (literal_left < 0 || (literal_left > 0 && nlen != literal.count[0] + literal.count[1]) ||
        distance_left < 0 ||
        (distance_left > 0 && ndist != distance.count[0] + distance.count[1])) {
      return absl::DataLossError("a DEFLATE block whose code table is invalid");
    }
    return Codes(literal, distance);
  }

  std::string_view in_;
  size_t max_bytes_;
  size_t pos_ = 0;           // the next byte of in_ to read
  uint32_t bit_buffer_ = 0;  // bits read from in_ and not used, the next in the lowest place
  int bit_count_ = 0;
  std::string out_;
};

constexpr std::array<uint32_t, 256> MakeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

}  // namespace

absl::StatusOr<std::string> Inflate(std::string_view deflated, size_t max_bytes) {
  return Inflater(deflated, max_bytes).Run();
}

uint32_t Crc32(std::string_view bytes) {
  static constexpr std::array<uint32_t, 256> kTable = MakeCrcTable();
  uint32_t c = 0xffffffffu;
  for (unsigned char b : bytes) c = kTable[(c ^ b) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

}  // namespace squares::core
