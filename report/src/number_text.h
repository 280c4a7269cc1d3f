// The report's one way of writing a number: four significant digits, never an exponent, and a
// time in the unit its size calls for (us, ms, s), so a table, a chart's axis and a tooltip agree.
#pragma once
#include <string>

namespace abt {

std::string significant_text(double value, int digits = 4);  // 0.0003500, 14.57, 1523
std::string time_text(double us);                            // 1.190 us, 631.2 us, 1.234 ms
// Both ends in the unit of the larger: "114.1-1523 us", "0.1141-1.523 ms".
std::string time_range_text(double low_us, double high_us);
std::string tick_text(double value);  // an axis tick (1, 2 or 5 times a power of ten): 0.005, 20, 5000

}  // namespace abt
