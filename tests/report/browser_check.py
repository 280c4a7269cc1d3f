#!/usr/bin/env python3
"""Opens an abtool HTML report in a real headless Chromium (Debian's chromium + chromium-driver,
driven by python3-selenium) and checks what a reader would: the page loads without console
errors and without a single network request, every point of the diff is in the tables, and
every chart rendered (an SVG with drawn elements and a non-zero size). Saves a screenshot.

usage: browser_check.py REPORT.html DIFF.json SCREENSHOT.png
exit 77 (CTest's skip) when the browser or Selenium is missing, saying which."""
import json
import pathlib
import shutil
import sys

report, diff_json, screenshot = (pathlib.Path(arg).resolve() for arg in sys.argv[1:4])
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

    height = browser.execute_script("return document.body.scrollHeight")
    browser.set_window_size(1400, min(max(height, 800), 4000))
    browser.save_screenshot(str(screenshot))
    print(f"{report.name}: {len(in_tables)} points in the tables, {len(bars)} speedup bars, {roof_points} roofline "
          f"points, {distributions} distributions, {len(charts)} charts, no console errors, no requests; "
          f"screenshot {screenshot} ({screenshot.stat().st_size} bytes)")
finally:
    browser.quit()

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
