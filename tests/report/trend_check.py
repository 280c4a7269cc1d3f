#!/usr/bin/env python3
"""The trend page (abtool history report) in a real headless Chromium: every op's chart drawn with
its lines, the planted steps marked (dashed lines and triangles), the tooltip's words (build, value,
interval, what changed), the op filter, no console error, no request, no sideways scroll at 1280 px,
open in under 2 s, the file under 3 MB.
   usage: trend_check.py TRENDS_HTML SCREENSHOT"""
import os
import pathlib
import shutil
import sys
import time

page, screenshot = (pathlib.Path(arg).resolve() for arg in sys.argv[1:3])
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    print("SKIPPED: python3-selenium is not installed (apt-get install python3-selenium)")
    sys.exit(77)
if not shutil.which("chromedriver") or not shutil.which("chromium"):
    print("SKIPPED: chromium / chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(77)

failures = []
size = os.path.getsize(page)
if size >= 3 * 1024 * 1024:
    failures.append(f"the page is {size} bytes, not under 3 MB")
options = webdriver.ChromeOptions()
options.binary_location = shutil.which("chromium")
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
browser = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
try:
    started = time.monotonic()
    browser.get(page.as_uri())
    while not browser.execute_script("return window.trendsReady === true") and time.monotonic() - started < 30:
        time.sleep(0.02)
    # The page's own clock, from the navigation's start to its last chart drawn (the driver's round
    # trips are not the reader's wait).
    opened = browser.execute_script("return window.trendsDrawnMs") / 1000
    if opened >= 2:
        failures.append(f"the page took {opened:.2f} s to draw its charts")
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    if errors:
        failures.append(f"console errors: {errors}")
    requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    if requests:
        failures.append(f"the page fetched {requests}: it must be self-contained")
    facts = browser.execute_script("""
      const charts = window.trendCharts || [];
      return {charts: charts.length, sections: document.querySelectorAll('section.op').length,
              lines: charts.reduce((n, c) => n + c.data.datasets.filter(d => d.label !== 'steps').length, 0),
              drawn: charts.filter(c => c.canvas.width > 0 && c.data.datasets.every(d => d.label === 'steps' || d.data.length > 0)).length,
              marks: window.trendMarks || 0,
              triangles: charts.reduce((n, c) => n + c.data.datasets.filter(d => d.label === 'steps').reduce((m, d) => m + d.data.length, 0), 0),
              width: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth};""")
    if facts["charts"] != facts["sections"] or facts["charts"] == 0:
        failures.append(f"{facts['charts']} charts for {facts['sections']} ops")
    if facts["drawn"] != facts["charts"]:
        failures.append(f"only {facts['drawn']} of {facts['charts']} charts drawn with data")
    if facts["lines"] != 200:
        failures.append(f"{facts['lines']} lines, not one per point (200)")
    if facts["triangles"] != 20 or facts["marks"] < 20:
        failures.append(f"the 20 planted steps are not all marked: {facts['triangles']} triangles, {facts['marks']} dashed lines")
    if facts["width"] > facts["viewport"]:
        failures.append(f"the page scrolls sideways at 1280 px ({facts['width']} > {facts['viewport']} px)")
    # The tooltip says the build, the value, its interval and what changed: asked of the first
    # marked dot through Chart.js's own callbacks.
    tooltip = browser.execute_script("""
      for (const chart of window.trendCharts)
        for (const [d, dataset] of chart.data.datasets.entries()) {
          if (dataset.label === 'steps') continue;
          const i = dataset.data.findIndex(p => p.change);
          if (i < 0) continue;
          const item = {raw: dataset.data[i], dataset, datasetIndex: d, dataIndex: i};
          const cb = chart.options.plugins.tooltip.callbacks;
          return [cb.title([item]), cb.label(item), cb.afterLabel(item)];
        }
      return null;""")
    if not tooltip or not tooltip[0].startswith("build ") or "[" not in tooltip[1] or not tooltip[2].startswith("regression +"):
        failures.append(f"the tooltip of a change point says {tooltip}")
    # The op filter leaves one op's chart.
    browser.execute_script("const s = document.getElementById('op-filter'); s.value = 'op03'; s.dispatchEvent(new Event('change'));")
    shown = browser.execute_script("return [...document.querySelectorAll('section.op')].filter(s => s.style.display !== 'none').map(s => s.dataset.op)")
    if shown != ["op03"]:
        failures.append(f"the op filter shows {shown}")
    browser.execute_script("const s = document.getElementById('op-filter'); s.value = ''; s.dispatchEvent(new Event('change'));")
    browser.save_screenshot(str(screenshot))
    print(f"{page.name}: {size} bytes, {facts['charts']} charts, {facts['lines']} lines, {facts['triangles']} steps marked, "
          f"drawn in {opened:.2f} s; tooltip: {' | '.join(tooltip or [])}")
finally:
    browser.quit()
for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
