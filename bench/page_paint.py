"""The web page in Debian's chromium against a loaded graph: first paint and answer time per view.

Usage: python bench/page_paint.py [--decisions 10000] [--loads 5]

Starts its own throwaway Neo4j, bulk-loads a generated decision graph (as graphql_load.py
does), starts `decision-journal serve` on a free loopback port, then opens each view of the
page in headless chromium `--loads` times with a cold cache and prints, per view, the median
first contentful paint (the browser's own `paint` timing) and the median time until the
view's answer is on screen (the page's `view-ready` mark, after its GraphQL request). A
script, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from graphql_load import served_graph
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

TIMINGS = """
const paint = performance.getEntriesByName('first-contentful-paint')[0];
const ready = performance.getEntriesByType('mark').find((m) => m.name.startsWith('view-ready:'));
return [paint ? paint.startTime : null, ready ? ready.startTime : null];
"""


def browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--disk-cache-size=1", "--incognito"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def measure(base: str, views: dict[str, str], loads: int) -> None:
    chrome = browser()
    try:
        chrome.get(f"{base}/")  # the first start of the browser itself is not the page's cost
        for name, hash_ in views.items():
            paints: list[float] = []
            readies: list[float] = []
            for _ in range(loads):
                chrome.execute_cdp_cmd("Network.clearBrowserCache", {})
                chrome.get("about:blank")
                chrome.get(f"{base}/{hash_}")
                WebDriverWait(chrome, 60).until(lambda c: c.execute_script("return document.body.dataset.ready"))
                paint, ready = chrome.execute_script(TIMINGS)
                paints.append(paint)
                readies.append(ready)
            print(f"  {name:10} first paint {statistics.median(paints):6.0f} ms   answer on screen {statistics.median(readies):6.0f} ms"
                  f"   (median of {loads} cold loads)")
    finally:
        chrome.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with served_graph(args.decisions, "dj-paint-") as served:
        views = {
            "home": "#/",
            "search": "#/search?q=why%20did%20we%20choose%20PostgreSQL%20for%20billing%3F",
            "decision": f"#/decision/{served.chain_ids[0]}",
            "timeline": "#/timeline",
            "paths": "#/paths?dir=src/billing",
        }
        print(f"{args.decisions} decisions, headless chromium, cold cache:")
        measure(served.base, views, args.loads)

if __name__ == "__main__":
    main()
