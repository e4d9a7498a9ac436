"""One headless Chromium for the docs' browser tests (``tests/docs/conftest.py``'s ``chromium``).

The rulebook's pages (``test_browser.py``) and its "Ask the judge" panel
(``test_ask_panel.py``) are opened in the same browser, started once a
session: its console log (every page's errors) and its performance log (the
network requests a page makes) are both kept, and each test reads and empties
them around the pages it opens.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

__all__ = ["FLAGS", "find_chromium", "open_page", "started"]

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def open_page(driver: Any, url: str) -> None:
    """Open ``url`` and wait until its document is wholly loaded (``readyState`` complete).

    ``driver.get`` should wait for that itself, but now and then (a file:// page after another,
    seen on a busy machine about once in 20 loads) it returns while the new document is still
    ``loading``: a look at it then finds the page half built.
    """
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    WebDriverWait(driver, 600, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )


def find_chromium() -> tuple[str, str] | None:
    """(the browser, chromedriver) on PATH, or ``None``."""
    browser = next(
        (
            shutil.which(n)
            for n in ("chromium", "chromium-browser", "google-chrome")
            if shutil.which(n)
        ),
        None,
    )
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def started() -> Iterator[Any]:
    """A headless Chromium with a fresh profile, its console and performance logs readable.

    Skips, saying why, without Selenium or without Chromium and chromedriver.
    """
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed (pip install -e '.[dev]')"
    )
    found = find_chromium()
    if found is None:
        pytest.skip(
            "no Chromium and chromedriver on PATH (apt-get install -y chromium chromium-driver)"
        )
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="cardlaw-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(found[1]), options=options)
    driver.set_page_load_timeout(600)  # a safety net only: a busy machine is slow, not wrong
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
