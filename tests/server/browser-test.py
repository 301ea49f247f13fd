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


def localedir():
    """The catalogues the served phones read: DICEPAD_LOCALEDIR, else the build tree's
    (meson test sets DICEPAD_BUILD_PO_DIR; run by hand, the po/ beside src/cli/). A
    build tree's dicepad-cli otherwise looks in the install prefix, finds nothing there
    and gives every phone English."""
    for candidate in (os.environ.get("DICEPAD_LOCALEDIR"), os.environ.get("DICEPAD_BUILD_PO_DIR"),
                      os.path.join(os.path.dirname(os.path.abspath(cli)), "..", "..", "po")):
        if candidate and os.path.exists(os.path.join(candidate, "de", "LC_MESSAGES", "dicepad.mo")):
            return os.path.abspath(candidate)
    return None


def serve(game_id):
    env = dict(os.environ)
    if localedir():
        env["DICEPAD_LOCALEDIR"] = localedir()
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
        banner = " / ".join(p.find_element(By.ID, "banner").text for p in phones)
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
            element = wait(driver, lambda d: enabled(d, selector), what)
            # A person scrolls what they need to the middle of the screen, not under the
            # form's buttons kept at its foot.
            driver.execute_script(
                "const r = arguments[0].getBoundingClientRect();"
                "if (r.top < 0 || r.bottom > innerHeight - 120) arguments[0].scrollIntoView({block: 'center'})",
                element)
            element.click()
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
    # Tom's phone asks for German (Accept-Language and the page's own lang): every
    # sentence it shows must be German (asserted in the Cubitos race).
    ina, sami, tom = phone(), phone(), phone("de-DE")
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


def header_lines(driver):
    """The lines the page's header takes: its round line and its "to act" line."""
    return driver.execute_script(
        "const lines = (e) => e.hidden ? 0 : Math.round(e.getBoundingClientRect().height"
        "                                    / parseFloat(getComputedStyle(e).lineHeight));"
        "return lines(document.getElementById('title')) + lines(document.getElementById('turn'))")


def short_header(driver, what):
    """Issue 23, played as a table would: the header took 4–5 lines at 360 px in German
    and French (the seat's sentence and the table's in one). It is two lines: the round
    and section, who is to act; the seat's sentence and the top dog follow below it."""
    lines = header_lines(driver)
    assert lines <= 2, (f"the header takes {lines} lines at {what}: "
                        f"{driver.find_element(By.TAG_NAME, 'header').text!r}")


def cubitos(drivers):
    players = ["Jürgen", "Zoë", "O'Brien"]
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
    # A French phone that only watches (no seat): its header is two lines too.
    watcher = phone("fr-FR")
    watcher.get(url)
    wait(watcher, lambda d: at(d) == 3, "the French watcher")
    short_header(watcher, "the roll, in French")
    assert watcher.find_element(By.ID, "turn").text == "À jouer : Jürgen, Zoë et O'Brien", \
        watcher.find_element(By.ID, "turn").text
    watcher.quit()
    phones.remove(watcher)
    for p in drivers:
        wait_at(p, 3)
        short_header(p, "the roll")
    # O'Brien's phone is German: nothing of the two sentences the header held is lost.
    obrien = drivers[2]
    assert obrien.find_element(By.TAG_NAME, "h1").text == "Runde 1 · Würfelabschnitt", \
        obrien.find_element(By.TAG_NAME, "h1").text
    assert obrien.find_element(By.ID, "turn").text == "Am Zug: Jürgen, Zoë und O'Brien", \
        obrien.find_element(By.ID, "turn").text
    assert obrien.find_element(By.ID, "prompt").text.startswith("O'Brien: wirf deine 9 Würfel"), \
        obrien.find_element(By.ID, "prompt").text
    assert obrien.find_element(By.ID, "status").text.startswith("Nase vorn: Jürgen · Würfelabschnitt"), \
        obrien.find_element(By.ID, "status").text
    for p in drivers:
        tap(p, 'button[data-number="roll:light_grey:coin"][data-value="1"]', "a coin")
    for p in drivers:
        tap(p, "#send", "roll")
    for p in drivers:
        wait_at(p, 6)
        short_header(p, "push or pass")
    for p in drivers:
        tap(p, 'button[data-form="pass"]', "pass")
    # 9 entries, and the 9 Dicepad makes after the last pass (below)
    for p in drivers:
        wait_at(p, 18)
        short_header(p, "round 2")
    assert obrien.find_element(By.ID, "turn").text == "Am Zug: Jürgen, Zoë und O'Brien", \
        obrien.find_element(By.ID, "turn").text

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


def refusal_stays(drivers):
    """A refused entry's reason stays on that phone while the others play on (issue 23,
    played as a table would: Zoë's refused refill said why for a blink, then another
    phone's entry cleared it); it goes with the phone's own next entry."""
    players = ["Ina", "Sami", "Tom"]
    game_id = new_game({"game": "cubitos", "players": players, "race": 1})
    url = serve(game_id)
    ina, sami, _ = drivers
    for seat, p in enumerate(drivers):
        sit(p, url, seat)
    for p in drivers:
        wait_at(p, 3)
    # Nine coins from nine dice of which seven are light grey: the engine refuses it,
    # sent from further down the form (the Enter button stays at the foot of the screen).
    ina.execute_script("window.scrollTo(0, 500); sendAction({roll: {light_grey: {coin: 9}}})")
    wait(ina, lambda d: d.find_element(By.ID, "banner").is_displayed(), "the refusal")
    reason = ina.find_element(By.ID, "banner").text
    top, bottom = ina.execute_script("const r = document.getElementById('banner').getBoundingClientRect();"
                                     "return [r.top, r.bottom]")
    assert 0 <= top and bottom <= ina.execute_script("return innerHeight"), \
        f"the refusal {reason!r} is off screen ({top:.0f}…{bottom:.0f} px)"
    tap(sami, 'button[data-number="roll:light_grey:coin"][data-value="1"]', "a coin")
    tap(sami, "#send", "roll")
    wait_at(ina, 4)
    assert ina.find_element(By.ID, "banner").is_displayed() and ina.find_element(By.ID, "banner").text == reason, \
        f"the refusal {reason!r} went when Sami's roll came in"
    tap(ina, 'button[data-number="roll:light_grey:coin"][data-value="1"]', "a coin")
    tap(ina, "#send", "roll")
    wait_at(ina, 5)
    assert not ina.find_element(By.ID, "banner").is_displayed(), "the refusal stayed after Ina's own entry"
    print("ok 3 - a refused entry's reason stays on its phone while the others play on")


# ---- A whole Cubitos race on three phones (issue 23) ----

RACE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cubitos-phone-race.jsonl")
ROLL_SECTION = ("refill", "roll", "push", "pass", "bust")


def read_script(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.lstrip().startswith("#"):
                lines.append(json.loads(line))
    return lines


def verb(action):
    return next(k for k in action if k != "player")


def own_form_on_screen(driver, what):
    """Played as a table would (issue 23): once a phone's own entry is stored, its next
    form starts on screen; nobody scrolls up to find what to do next."""
    top = driver.execute_script(
        "const f = document.querySelector('#entry > *, #forms > *');"
        "return f ? f.getBoundingClientRect().top : null")
    height = driver.execute_script("return window.innerHeight")
    assert top is None or 0 <= top < height, f"the next form starts off screen ({top} px) after {what}"
    # Nothing left to do: the page is at its top, where the header says whom the table
    # waits for (it stayed scrolled down to the boards after a long roll entry).
    y = driver.execute_script("return window.scrollY")
    assert top is not None or y == 0, f"the header is off screen ({y} px down) after {what}"


def button_on_screen(driver, selector, what):
    on = driver.execute_script(
        "const b = [...document.querySelectorAll(arguments[0])].find((e) => e.offsetParent);"
        "if (!b) return null; const r = b.getBoundingClientRect();"
        "const x = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        "return r.top >= 0 && r.bottom <= innerHeight && !!x && (x === b || b.contains(x));", selector)
    assert on is not False, f"{selector} needs a scroll at {what}"


def no_sideways_scroll(driver, what):
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"the page scrolls sideways ({width} > {inner} px) at {what}"


def state_of(driver):
    return driver.execute_script("return state")


def get_path(action, path):
    node = action
    for part in path:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            return None
    return node


def matches(option_value, target):
    if option_value is None or target is None:
        return option_value is None and target is None
    if isinstance(option_value, dict) and isinstance(target, dict):
        return all(target.get(k) == v for k, v in option_value.items())
    return option_value == target


def form_id(action):
    v = verb(action)
    if v == "move":
        return "land" if "landed" in action else "walk"
    if v == "buy":
        return "buy:" + action["buy"]
    if v == "correct_cost":
        return "correct:" + action["correct_cost"]
    if v == "ability":
        return f"ability:{action['ability']}:{action.get('number', 1)}:{action.get('face', 'team')}"
    return v


def press(driver, selector, times, what, taps):
    for _ in range(times):
        tap(driver, selector, what)
        taps[0] += 1


def set_counter(driver, key, have, want, taps):
    if want == have:
        return
    if driver.find_elements(By.CSS_SELECTOR, f'button[data-number="{key}"]'):
        # A row of numbers: one tap on the number (issue 23, taps).
        press(driver, f'button[data-number="{key}"][data-value="{want}"]', 1, key, taps)
        return
    sign = "plus" if want > have else "minus"
    press(driver, f'button[data-{sign}="{key}"]', abs(want - have), key, taps)


PLAYER_ROUNDS = 12  # 3 players, 4 rounds


def without_player(action):
    return {k: v for k, v in action.items() if k != "player"}


def one_tap_pair(driver, action, pending):
    """When one tap makes @action and the same player's next entry in @pending: that
    entry and the selector of the button, else None. Either the next entry's form sends
    @action "first" (the window's "Collect and Announce Swords"; the shop with the landing
    when nothing is to walk), or @action's form has a "then" button for it ("Walk, Land
    and Rest": the page sends the form then offered as it is)."""
    mine = [a for a in pending if a["player"] == action["player"]]
    if not mine:
        return None
    nxt = mine[0]
    forms = state_of(driver).get("forms", [])
    for form in forms:
        if (form["id"] == form_id(nxt) and form.get("first") and form["enabled"]
                and without_player(form["first"]) == without_player(action)):
            return nxt, None
    own = next((f for f in forms if f["id"] == form_id(action) and not f.get("first")), None)
    if own and len(without_player(nxt)) == 1 and any(t["id"] == form_id(nxt) for t in own.get("then", [])):
        return nxt, f'button[data-then="{form_id(action)}>{form_id(nxt)}"]'
    return None


def offered(driver, action):
    """TRUE when the phone offers @action's form now (else Dicepad entered it itself)."""
    st = state_of(driver)
    v = verb(action)
    if v == "refill" or v == "roll":
        return bool(st["entry"]) and st["entry"]["mode"] == ("refill" if v == "refill" else "cubitos-roll")
    return any(f["id"] == form_id(action) and f["enabled"] for f in st.get("forms", []))


def prepare(driver, action, taps):
    """Fills in the phone's form for @action; returns the selector of its button."""
    v = verb(action)
    st = state_of(driver)
    entry = st["entry"]
    if v == "refill":
        assert entry and entry["mode"] == "refill", f"no refill entry for {action}"
        # Red lines first: the counts then start from the proposal for them ("takes").
        red = action.get("red_lines", 0)
        set_counter(driver, "refill:red_lines", 0, red, taps)
        for kind in entry["kinds"]:
            have = kind["takes"][red] if red and "takes" in kind else kind["take"]
            set_counter(driver, "refill:" + kind["key"], have, action["refill"].get(kind["key"], 0), taps)
        return "#send"
    if v == "roll":
        assert entry and entry["mode"] == "cubitos-roll", f"no roll entry for {action}"
        for kind, faces in action["roll"].items():
            for face, n in faces.items():
                set_counter(driver, f"roll:{kind}:{face}", 0, n, taps)
        return "#send"
    fid = form_id(action)
    forms = [f for f in st.get("forms", []) if f["id"] == fid]
    assert forms, f"no form {fid} for {action}; forms: {[f['id'] for f in st.get('forms', [])]}"
    form = forms[0]
    if not form["fields"]:
        return f'button[data-form="{fid}"]'
    values = [f["value"] for f in form["fields"]]
    for i, field in enumerate(form["fields"]):
        if field.get("when"):
            at = next(j for j, f in enumerate(form["fields"]) if f["path"] == field["when"]["path"])
            if ("options" in field["when"] and int(values[at]) not in field["when"]["options"]) \
                    or ("options" not in field["when"] and int(values[at]) < field["when"]["min"]):
                continue
        key = fid + "|" + "/".join(str(p) for p in field["path"])
        target = get_path(action, field["path"])
        if field["type"] == "count":
            want = target if target is not None else 0
            set_counter(driver, key, values[i], want, taps)
            values[i] = want
        elif field["type"] == "pick":
            want = next((n for n, o in enumerate(field["options"]) if matches(o["value"], target)), None)
            assert want is not None, f"{fid}: no choice {target!r} in {field['label']}"
            if field.get("sends"):
                # The option's tap sends the form: it is the button.
                return f'button[data-pick="{key}"][data-option="{want}"]'
            if want != values[i]:
                press(driver, f'button[data-pick="{key}"][data-option="{want}"]', 1, key, taps)
                values[i] = want
        else:
            want = target == field["on"]
            if want != values[i]:
                press(driver, f'button[data-toggle="{key}"]', 1, key, taps)
                values[i] = want
    return f'button[data-send="{fid}"]'


def texts(driver, selector):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]


def german_phone(tom, ina, action):
    """Tom's phone asked for German: its fixed labels, the Cubitos forms' labels and the
    presenter's sentences are German, while Ina's phone stays English (one server, two
    languages). The words are de.po's, the rulebook's ("Fehlwurf", "Einkaufen")."""
    assert tom.execute_script("return document.documentElement.lang") == "de"
    assert "Einkaufen" in texts(tom, "#game-extra h2") and "Shop" in texts(ina, "#game-extra h2"), \
        f"shop headings: {texts(tom, '#game-extra h2')} / {texts(ina, '#game-extra h2')}"
    if verb(action) == "roll":
        assert texts(tom, "#send-pass") == ["Eintragen und passen"], texts(tom, "#send-pass")
        assert texts(tom, "#send-push") == ["Eintragen und riskieren"], texts(tom, "#send-push")
        # After a push in danger the roll entry says so (issue 23, played on three phones).
        if state_of(tom)["entry"].get("danger"):
            assert texts(tom, "#entry .warning") == ["⚠ In Gefahr: ein Wurf ohne Treffer ist ein Fehlwurf"], \
                texts(tom, "#entry .warning")
            german_phone.danger_seen = True
    if verb(action) == "bust":
        assert "Fehlwurf ausführen" in texts(tom, "[data-form-card='bust'] h3"), \
            texts(tom, "[data-form-card] h3")


def cubitos_race(drivers):
    script = read_script(RACE)
    setup, actions = script[0], script[1:]
    players = setup["players"]
    game_id = new_game(setup)
    url = serve(game_id)
    by_name = dict(zip(players, drivers))
    for seat, p in enumerate(drivers):
        sit(p, url, seat)
    taps = [0]
    expected = 0        # entries stored at least: ours, and those Dicepad made itself
    pending = list(actions)
    while pending:
        for p in drivers:
            wait(p, lambda d: at(d) >= expected, f"log position {expected}")
        # What Dicepad enters by itself follows our entry in a state of its own: wait
        # until every phone shows the same position twice in a row.
        while True:
            seen = [at(p) for p in drivers]
            time.sleep(0.3)
            if len(set(seen)) == 1 and [at(p) for p in drivers] == seen:
                break
        expected = seen[0]
        if not offered(by_name[pending[0]["player"]], pending[0]):
            pending.pop(0)  # Dicepad entered it itself: nothing to decide
            continue
        # Consecutive roll-section entries of different players: prepared on each phone,
        # then sent at the same time (p. 7: everyone plays the roll section at once).
        batch = [pending[0]]
        if pending[0]["player"] == "Tom" and verb(pending[0]) in ("roll", "bust"):
            german_phone(by_name["Tom"], by_name["Ina"], pending[0])
        if verb(pending[0]) in ROLL_SECTION:
            while (len(batch) < len(pending) and verb(pending[len(batch)]) in ROLL_SECTION
                   and pending[len(batch)]["player"] not in [a["player"] for a in batch]
                   and offered(by_name[pending[len(batch)]["player"]], pending[len(batch)])):
                batch.append(pending[len(batch)])
        del pending[:len(batch)]
        buttons = []
        for action in batch:
            p = by_name[action["player"]]
            pair = one_tap_pair(p, action, pending)
            mine = [a for a in pending if a["player"] == action["player"]]
            if verb(action) == "roll" and mine and verb(mine[0]) in ("pass", "push"):
                # "Enter and pass" / "Enter and push": the roll, and the pass or push the
                # page sends once the roll is stored.
                then = verb(mine[0])
                pending.remove(mine[0])
                expected += 1
                prepare(p, action, taps)
                buttons.append((p, "#send-" + then, action))
            elif pair is not None:
                # One tap, two entries: the next entry's form sends ours first, or our
                # form's "then" button sends the next.
                follow, then_button = pair
                pending.remove(follow)
                expected += 1
                if then_button is None:
                    buttons.append((p, prepare(p, follow, taps), action))
                else:
                    prepare(p, action, taps)
                    buttons.append((p, then_button, action))
            else:
                before = taps[0]
                selector = prepare(p, action, taps)
                if taps[0] > before and not selector.startswith("button[data-pick"):
                    # A form filled in far down: its button is still on screen, at the
                    # foot of it (a long landing needed a scroll to its button).
                    button_on_screen(p, selector, f"{action} (filled in)")
                buttons.append((p, selector, action))
            no_sideways_scroll(p, f"{action} (filled in)")
        for p, selector, action in buttons:
            tap(p, selector, f"send {action}")
            taps[0] += 1
        expected += len(batch)
        for p in drivers:
            wait(p, lambda d: at(d) >= expected, f"log position {expected} after {batch}")
            no_sideways_scroll(p, f"after {batch}")
            short_header(p, f"after {batch}")
        for p in {id(by_name[a["player"]]): by_name[a["player"]] for a in batch}.values():
            wait(p, lambda d: not d.execute_script("return busy"), "the answer")
            own_form_on_screen(p, f"{batch}")
    for p in drivers:
        wait(p, lambda d: state_of(d)["finished"], "the end of the race")
    stored_equals_script(game_id, script)
    assert getattr(german_phone, "danger_seen", False), "Tom's roll in danger was not checked"
    # Issue 23: "the target is ≤ 8" taps per player-round, counted on the real page.
    assert taps[0] <= 8 * PLAYER_ROUNDS, f"{taps[0]} taps: more than 8 per player-round"
    print(f"ok 4 - a whole Cubitos race from three phones ({len(actions)} entries, {taps[0]} taps, "
          f"{taps[0] / PLAYER_ROUNDS:.2f} per player-round); "
          "the stored game equals its script")


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
    for lang, name in (("en-US", "phones-page-en.png"), ("de-DE", "phones-page-de.png")):
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


def renamed(action):
    """The race's players as a table of Jürgen, Zoë and O'Brien (issue 23: the names
    that broke the phone's header)."""
    names = {"Ina": "Jürgen", "Sami": "Zoë", "Tom": "O'Brien"}
    action = dict(action)
    if "player" in action:
        action["player"] = names[action["player"]]
    if "players" in action:
        action["players"] = [names[n] for n in action["players"]]
    return action


def cubitos_screenshots(out_dir):
    """Each main phase of the phone race on a 360 × 640 phone, German first, then
    English and French; light and dark (docs/table-server.md)."""
    script = read_script(RACE)

    def first(pred, after=0):
        return next(i for i, a in enumerate(script) if i > after and pred(a))

    def of(name, verb_, after=0):
        return first(lambda a: a.get("player") == name and verb(a) == verb_, after)

    tom_bust = of("Tom", "bust")
    # (file name prefix, entries played, what shows the phase, seat)
    phases = (("phones-cubitos-refill", of("Ina", "refill", 20), "#send", 0),
              ("phones-cubitos-roll", of("Ina", "roll", 20), "#send-pass", 0),
              ("phones-cubitos-wait", of("Tom", "push"), "#prompt", 0),
              ("phones-cubitos-danger", tom_bust - 1, "#entry .warning", 2),
              ("phones-cubitos-bust", tom_bust, "[data-form-card='bust']", 2),
              ("phones-cubitos", first(lambda a: a.get("ability") == "fat-cat"),
               'button[data-send^="ability:fat-cat"]', 0),
              ("phones-cubitos-move", first(lambda a: a.get("player") == "Tom" and a.get("move") == 1),
               'button[data-then="walk>jet"]', 2),
              ("phones-cubitos-shop", first(lambda a: a.get("buy") == "white"), "[data-form-card='buy:white']", 0))
    variants = (("de-DE", "de", "light"), ("de-DE", "de", "dark"), ("en-US", "en", "light"),
                ("en-US", "en", "dark"), ("fr-FR", "fr", "light"))
    drivers = []
    for lang, _, scheme in variants:
        p = phone(lang)
        p.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True})
        p.execute_cdp_cmd("Emulation.setEmulatedMedia",
                          {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        drivers.append(p)
    for prefix, upto, ready, seat in phases:
        path = os.path.join(workdir, "cubitos-shot.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for line in script[:upto]:
                f.write(json.dumps(renamed(line), ensure_ascii=False) + "\n")
        game_id = run_cli("play", path).strip().splitlines()[-1]
        url = serve(game_id)
        for p, (lang, suffix, scheme) in zip(drivers, variants):
            p.get(url)
            tap(p, f'button[data-seat="{seat}"]', "seat")
            wait(p, lambda d: enabled(d, ready), ready)
            no_sideways_scroll(p, "the screenshot")
            short_header(p, f"{prefix} in {suffix}")
            assert p.execute_script("return document.documentElement.lang") == suffix
            if lang == "de-DE":
                assert "Einkaufen" in texts(p, "#game-extra h2"), "the German phone shows English"
            p.execute_script("window.scrollTo(0, 0)")
            name = os.path.join(out_dir, f"{prefix}-{suffix}-{scheme}.png")
            p.save_screenshot(name)
            print("saved", name)
            tap(p, "#leave", "give the seat back")
            wait(p, lambda d: d.find_element(By.ID, "seats").is_displayed(), "the seats")


try:
    started = time.monotonic()
    if len(sys.argv) > 3 and sys.argv[2] == "--screenshots":
        screenshots(sys.argv[3])
        cubitos_screenshots(sys.argv[3])
    else:
        print("1..4")
        drivers = calavera()
        cubitos(drivers)
        refusal_stays(drivers)
        cubitos_race(drivers)
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
