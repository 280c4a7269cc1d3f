// How abtool writes quantities for people: one spelling in tables, logs and reports.
#pragma once
#include <string>

namespace abt {

std::string format_microseconds(double us);  // "12.34 us", "1.234 ms", "2.000 s"

}  // namespace abt
