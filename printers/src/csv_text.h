// A CSV field as RFC 4180 writes it, for every CSV abtool prints (diff's, history changes'): as it
// is, or quoted with its quotes doubled where it holds a comma, a quote or a line break.
#pragma once
#include <string>

namespace abt {

std::string csv_field(const std::string& text);  // csv_exporter.cpp

}  // namespace abt
