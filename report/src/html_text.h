// Text into HTML: the one escaping rule of the report.
#pragma once
#include <string>

namespace abt {

std::string html_escape(const std::string& text);  // & < > " '

}  // namespace abt
