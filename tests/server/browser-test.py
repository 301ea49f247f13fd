#!/usr/bin/python3
# browser-test.py — real phones at the table: headless Chromium driven by Selenium
#
# Issue 18, "Done when": "a real browser test: headless Chromium driven by python3-selenium
# with chromium-driver plays a short Calavera game from three phones at once and a Cubitos
# roll section in parallel, and the stored game equals its script."
#
# `dicepad-cli serve` runs the table server on 127.0.0.1 only. Three browser windows of
# 360 × 640 px are the phones; each picks its seat on the page and taps the page's own
# buttons. At the end the stored game (`dicepad-cli show`) must equal the replay of the
# script the phones played (`dicepad-cli replay`).
#
#   browser-test.py DICEPAD-CLI                  the test (exit 77 = skipped: no Chromium)
#   browser-test.py DICEPAD-CLI --screenshots DIR
#                                                the phone page at 360 × 640 in en and de
#
# Runs with /usr/bin/python3: Debian's python3-selenium lives there.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
WAIT = 20  # seconds for any one thing to appear on a phone

if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    print("1..0 # SKIP chromium or chromium-driver is not installed")
    sys.exit(77)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

cli = sys.argv[1]
workdir = tempfile.mkdtemp(prefix="dicepad-browser-")
database = os.path.join(workdir, "games.db")
servers = []
phones = []


def run_cli(*args, stdin=None):
    result = subprocess.run([cli, *args, "--database", database] if args[0] in ("play", "show") else [cli, *args],
                            input=stdin, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"dicepad-cli {' '.join(args)}: {result.stderr}")
    return result.stdout


def new_game(setup):
    script = os.path.join(workdir, "setup.jsonl")
    with open(script, "w", encoding="utf-8") as f:
        f.write(json.dumps(setup) + "\n")
    return run_cli("play", script).strip().splitlines()[-1]


def serve(game_id):
    env = dict(os.environ)
    process = subprocess.Popen([cli, "serve", game_id, "--database", database, "--address", "127.0.0.1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    servers.append(process)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        raise RuntimeError("dicepad-cli serve printed no address: " + process.stderr.read())
    return url


def phone(lang="en-US"):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=360,640", "--no-first-run", "--lang=" + lang,
                "--user-data-dir=" + tempfile.mkdtemp(dir=workdir)):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    phones.append(driver)
    return driver


def wait(driver, condition, what):
    try:
        # Every state from the server redraws the page: elements go stale under our feet.
        return WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: condition(d))
    except Exception:
        banner = driver.find_element(By.ID, "banner").text
        raise AssertionError(f"phone waited in vain for {what}; banner: {banner!r}; turn: "
                             f"{driver.find_element(By.ID, 'turn').text!r}")


def enabled(driver, selector):
    for element in driver.find_elements(By.CSS_SELECTOR, selector):
        if element.is_displayed() and element.is_enabled():
            return element
    return None


def tap(driver, selector, what):
    for attempt in range(5):
        try:
            wait(driver, lambda d: enabled(d, selector), what).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{what} kept being redrawn")


def sit(driver, url, seat):
    driver.get(url)
    tap(driver, f'button[data-seat="{seat}"]', f"seat {seat}")
    wait(driver, lambda d: d.find_element(By.ID, "play").is_displayed(), "the seat")


def enter_faces(driver, prefix, faces):
    for face in faces:
        tap(driver, f'button[data-plus="{prefix}:{face}"]', f"+ {face}")


def choose(driver, needle):
    tap(driver, f"button[data-action*='{needle}']", needle)


def at(driver):
    return driver.execute_script("return state ? state.at : -1")


def wait_at(driver, n):
    wait(driver, lambda d: at(d) == n, f"log position {n}")


def stored_equals_script(game_id, script_lines):
    script = os.path.join(workdir, "expected.jsonl")
    with open(script, "w", encoding="utf-8") as f:
        f.write("\n".join(json.dumps(line) for line in script_lines) + "\n")
    expected = json.loads(run_cli("replay", script))
    stored = json.loads(run_cli("show", game_id))
    assert stored == expected, f"stored game differs from its script:\n{stored}\n!=\n{expected}"


def calavera():
    players = ["Ina", "Sami", "Tom"]
    setup = {"game": "calavera", "players": players}
    game_id = new_game(setup)
    url = serve(game_id)
    ina, sami, tom = phone(), phone(), phone()
    for seat, p in enumerate((ina, sami, tom)):
        sit(p, url, seat)

    # Ina rolls on her phone, then takes orange (calavera-rules: the roller chooses).
    enter_faces(ina, "roll", ["orange", "orange", "green", "pink", "skull", "skull"])
    tap(ina, "#send", "send")
    wait_at(sami, 1)
    choose(ina, '"take":"orange"')
    # After skulls each opponent marks on their own phone, at the same time.
    wait_at(sami, 2)
    wait_at(tom, 2)
    choose(sami, '"take":"green"')
    choose(tom, '"take":"pink"')
    for p in (ina, sami, tom):
        wait_at(p, 4)

    # Sami's turn: a re-roll on the phone, then green.
    enter_faces(sami, "roll", ["orange", "green", "green", "black", "joker", "joker"])
    tap(sami, "#send", "send")
    wait_at(sami, 5)
    enter_faces(sami, "pick", ["orange"])
    enter_faces(sami, "result", ["joker"])
    tap(sami, "#send", "send")
    wait_at(tom, 6)
    choose(sami, '"take":"green"')
    for p in (ina, sami, tom):
        wait_at(p, 7)

    # The same moves by hand, in the order the server stored the parallel marks: either
    # order gives the same state, so the script is written once.
    script = [setup,
              {"roll": ["orange", "orange", "green", "pink", "skull", "skull"], "player": "Ina"},
              {"take": "orange", "player": "Ina"},
              {"take": "green", "player": "Sami"},
              {"take": "pink", "player": "Tom"},
              {"roll": ["orange", "green", "green", "black", "joker", "joker"], "player": "Sami"},
              {"reroll": ["orange"], "result": ["joker"], "player": "Sami"},
              {"take": "green", "player": "Sami"}]
    stored_equals_script(game_id, script)
    print("ok 1 - Calavera from three phones at once; the stored game equals its script")
    return ina, sami, tom


def cubitos(drivers):
    players = ["Ina", "Sami", "Tom"]
    setup = {"game": "cubitos", "players": players, "race": 1}
    game_id = new_game(setup)
    url = serve(game_id)
    for seat, p in enumerate(drivers):
        sit(p, url, seat)

    # cubitos-rules-de p. 8: in round 1 every starting die is drawn and nobody can be
    # ahead to count red lines of, so Dicepad made the three refills as the race started
    # (docs/cubitos-notes.md, "Forced actions"); p. 7: the roll section is played by
    # everyone at the same time.
    refills = [{"player": name, "refill": {"light_grey": 7, "dark_grey": 2}} for name in players]
    for p in drivers:
        wait_at(p, 3)
    for p in drivers:
        tap(p, 'button[data-plus="roll:light_grey:coin"]', "a coin")
    for p in drivers:
        tap(p, "#send", "roll")
    for p in drivers:
        wait_at(p, 6)
    for p in drivers:
        choose(p, '"pass":true')
    # 9 entries, and the 9 Dicepad makes after the last pass (below)
    for p in drivers:
        wait_at(p, 18)

    script = [setup, *refills]
    script += [{"player": name, "roll": {"light_grey": {"coin": 1}}} for name in players]
    script += [{"player": name, "pass": True} for name in players]
    # then, with nothing to decide, Dicepad collected and announced for everyone, and
    # moved each runner 0 spaces (no step, 1 coin buys none, no credit)
    for name in players:
        script += [{"player": name, "collect": True}, {"player": name, "announce": True}]
    script += [{"player": name, "move": 0, "landed": {}} for name in players]
    stored_equals_script(game_id, script)
    print("ok 2 - Cubitos roll section from three phones in parallel; the stored game equals its script")


def screenshots(out_dir):
    setup = {"game": "calavera", "players": ["Ina", "Sami", "Tom"]}
    game_id = new_game(setup)
    script = os.path.join(workdir, "shot.jsonl")
    with open(script, "w", encoding="utf-8") as f:
        for line in (setup, {"roll": ["orange", "orange", "green", "pink", "skull", "skull"]},
                     {"take": "orange"}):
            f.write(json.dumps(line) + "\n")
    game_id = run_cli("play", script).strip().splitlines()[-1]
    url = serve(game_id)
    for lang, name in (("en-US", "phone-en.png"), ("de-DE", "phone-de.png")):
        p = phone(lang)
        # Exactly 360 × 640 CSS pixels, as a phone's viewport.
        p.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True})
        p.get(url)
        seat = "1" if lang == "en-US" else "2"
        tap(p, f'button[data-seat="{seat}"]', "seat")
        wait(p, lambda d: enabled(d, "button[data-action*='take']"), "the choices")
        p.save_screenshot(os.path.join(out_dir, name))
        print("saved", os.path.join(out_dir, name))


try:
    started = time.monotonic()
    if len(sys.argv) > 3 and sys.argv[2] == "--screenshots":
        screenshots(sys.argv[3])
    else:
        print("1..2")
        drivers = calavera()
        cubitos(drivers)
        print(f"# {time.monotonic() - started:.1f} s")
finally:
    for driver in phones:
        try:
            driver.quit()
        except Exception:
            pass
    for process in servers:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(workdir, ignore_errors=True)
