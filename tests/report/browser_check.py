#!/usr/bin/env python3
"""Opens an abtool HTML report in a real headless Chromium (Debian's chromium + chromium-driver,
driven by python3-selenium) and checks what a reader would: the page loads without console
errors and without a single network request, every point of the diff is in the tables, and
every chart rendered (an SVG with drawn elements and a non-zero size). And that it fits: at 1400
and 1280 px wide neither the page nor a points table scrolls sideways, at 1024 px the page does
not (a table of every column may scroll inside itself), each IR delta cell is one line with the
whole delta in its title, and the charts span the page. Saves a screenshot (1400 px wide).
MORE reports (other runs: counters, instruction counts) are checked for console errors and fit.

usage: browser_check.py REPORT.html DIFF.json SCREENSHOT.png [MORE.html ...]
exit 77 (CTest's skip) when the browser or Selenium is missing, saying which."""
import json
import pathlib
import shutil
import sys

report, diff_json, screenshot = (pathlib.Path(arg).resolve() for arg in sys.argv[1:4])
more_reports = [pathlib.Path(arg).resolve() for arg in sys.argv[4:]]
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    print("SKIPPED: python3-selenium is not installed (apt-get install python3-selenium)")
    sys.exit(77)
driver_path = shutil.which("chromedriver")
if not driver_path or not shutil.which("chromium"):
    print("SKIPPED: chromium / chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(77)

options = webdriver.ChromeOptions()
options.binary_location = shutil.which("chromium")
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
browser = webdriver.Chrome(service=Service(driver_path), options=options)
failures = []
try:
    browser.get(report.as_uri())
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    if errors:
        failures.append(f"console errors: {errors}")
    requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    if requests:
        failures.append(f"the page fetched {requests}: it must be self-contained")

    expected = {row["point"] for row in json.loads(diff_json.read_text())["points"]}
    timed = {row["point"] for row in json.loads(diff_json.read_text())["points"] if row["speedup"] is not None}
    in_tables = set(browser.execute_script(
        "return [...document.querySelectorAll('#ops tr[data-point]')].map(r => r.dataset.point)"))
    if in_tables != expected:
        failures.append(f"table points {sorted(in_tables)} != diff's {sorted(expected)}")
    bars = set(browser.execute_script(
        "return [...document.querySelectorAll('svg.speedups g.bar')].map(g => g.dataset.point)"))
    if bars != timed:
        failures.append(f"speedup chart points {sorted(bars)} != measured points {sorted(timed)}")

    charts = browser.execute_script("""
        return [...document.querySelectorAll('svg.chart')].map(svg => {
          const box = svg.getBoundingClientRect();
          return {kind: svg.getAttribute('class'), width: box.width, height: box.height,
                  drawn: svg.querySelectorAll('circle, path, line, rect').length};
        })""")
    kinds = {chart["kind"] for chart in charts}
    for kind in ("chart speedups", "chart roofline", "chart distribution"):
        if kind not in kinds:
            failures.append(f"no {kind} chart")
    for chart in charts:
        if chart["width"] <= 0 or chart["height"] <= 0 or chart["drawn"] == 0:
            failures.append(f"an empty chart: {chart}")
    distributions = sum(chart["kind"] == "chart distribution" for chart in charts)
    if distributions != len(timed):
        failures.append(f"{distributions} distribution charts for {len(timed)} measured points")
    roof_points = browser.execute_script("return document.querySelectorAll('svg.roofline g.roof-point').length")

    def check_fit(page):
        """The page at three widths: what scrolls sideways, what wraps that should not."""
        for width in (1400, 1280, 1024):
            browser.set_window_size(width, 1000)
            browser.get(page.as_uri())
            errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
            if errors:
                failures.append(f"{page.name}: console errors: {errors}")
            fit = browser.execute_script("""
                const root = document.documentElement, body = document.body.getBoundingClientRect();
                const content = body.width - 48;  // the body's padding
                return {page: [root.scrollWidth, root.clientWidth],
                        tables: [...document.querySelectorAll('table.points')].filter(t => t.scrollWidth > t.clientWidth + 1)
                                  .map(t => [t.scrollWidth, t.clientWidth]),
                        ir: [...document.querySelectorAll('td.ir[title] a')].filter(a =>
                                  a.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(a).fontSize))
                                  .map(a => a.textContent),
                        irTitles: [...document.querySelectorAll('td.ir[title]')].filter(td => td.title.length == 0).length,
                        narrowCharts: [...document.querySelectorAll('svg.chart')].filter(svg =>
                                  svg.getBoundingClientRect().width < (svg.classList.contains('distribution') ? 0.6 : 0.95) * content)
                                  .map(svg => [svg.getAttribute('class'), Math.round(svg.getBoundingClientRect().width), content])};
            """)
            if fit["page"][0] > fit["page"][1]:
                failures.append(f"{page.name} at {width} px: the page scrolls sideways ({fit['page'][0]} > {fit['page'][1]} px)")
            if width >= 1280 and fit["tables"]:
                failures.append(f"{page.name} at {width} px: points tables wider than the page {fit['tables']}")
            if fit["ir"] or fit["irTitles"]:
                failures.append(f"{page.name} at {width} px: IR delta cells over one line {fit['ir']} or without a title")
            if fit["narrowCharts"]:
                failures.append(f"{page.name} at {width} px: charts narrower than the page {fit['narrowCharts']}")

    for page in [report] + more_reports:
        check_fit(page)
    browser.set_window_size(1400, 1000)
    browser.get(report.as_uri())
    height = browser.execute_script("return document.body.scrollHeight")
    browser.set_window_size(1400, min(max(height, 800), 4000))
    browser.save_screenshot(str(screenshot))
    print(f"{report.name}: {len(in_tables)} points in the tables, {len(bars)} speedup bars, {roof_points} roofline "
          f"points, {distributions} distributions, {len(charts)} charts, no console errors, no requests; fit checked at "
          f"1400, 1280 and 1024 px on {1 + len(more_reports)} report(s); "
          f"screenshot {screenshot} ({screenshot.stat().st_size} bytes)")
finally:
    browser.quit()

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
