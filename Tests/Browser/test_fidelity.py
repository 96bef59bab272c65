"""What a person sees at once on the documents' screens (issue 20), checked one by one in
Chromium on the stand-in server: each of these failed before its fix."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fidelity import FIXTURES, VALID, load

INVALID = FIXTURES / "invalid"


def script(phone, source, *arguments):
    return phone.driver.execute_script(source, *arguments)


def test_a_right_aligned_score_column_is_right_aligned_and_a_long_name_ends_in_an_ellipsis(phone):
    phone.show(load(VALID / "doc-new-navigation-table.json"), "iPhone 16")
    table = next(node for node in phone.measure()["nodes"] if "x-table" in node["classes"])
    for cell in table["cells"]:
        if cell["column"] != 2 or not cell["lines"]:
            continue
        line = cell["lines"][-1]
        gap = cell["box"]["x"] + cell["box"]["width"] - (line["x"] + line["width"])
        assert abs(gap) <= 2, f"{cell['text']!r} in the Score column (align right) ends {gap:.1f} pt before the right edge"
    long = next(cell for cell in table["cells"] if cell["text"] == "Carol Longname-Worthington")
    fit = long["ellipsis"]
    assert fit["needed"] > fit["available"], "the name is longer than its column"
    assert fit["display"] == "block" and fit["textOverflow"] == "ellipsis" and fit["whiteSpace"] == "nowrap", \
        f"a cut name ends in an ellipsis (text-overflow works on a block, not on a flex box): {fit}"


def test_web_wins_over_content(phone):
    phone.show(load(VALID / "doc-web-and-content.json"), "iPhone 16")
    # The frame is made when the web view comes near the screen (web-frame.js).
    frame = WebDriverWait(phone.driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen .x-web iframe"))
    assert frame.get_attribute("src") == "https://example.com/", "web > content > data.html (docs/protocol/components/display.md#web)"
    assert frame.get_dom_attribute("srcdoc") is None
    assert frame.get_dom_attribute("sandbox") == ""


def test_a_font_the_machine_lacks_falls_back_to_its_own_kind(phone):
    phone.show(load(VALID / "doc-new-size-dicts.json"), "iPhone 16")
    families = script(phone, """
        const pick = text => Array.from(document.querySelectorAll('#screen .x-label')).find(l => l.textContent.startsWith(text));
        return ['Georgia', 'Courier', 'Helvetica-Bold'].map(t => getComputedStyle(pick(t)).fontFamily);""")
    georgia, courier, helvetica = families
    assert georgia.split(",")[-1].strip() == "serif", georgia
    assert courier.split(",")[-1].strip() == "monospace", courier
    assert helvetica.split(",")[-1].strip() == "sans-serif", helvetica
    # And the faces drawn differ: the serif text is not as wide as it would be in the sans face.
    widths = script(phone, """
        const label = Array.from(document.querySelectorAll('#screen .x-label')).find(l => l.textContent.startsWith('Georgia'));
        const context = document.createElement('canvas').getContext('2d');
        const size = getComputedStyle(label).fontSize;
        context.font = size + ' ' + getComputedStyle(label).fontFamily; const drawn = context.measureText(label.textContent).width;
        context.font = size + ' system-ui, sans-serif'; const sans = context.measureText(label.textContent).width;
        return [drawn, sans];""")
    assert abs(widths[0] - widths[1]) > 1, f"Georgia is drawn in a serif face, not the sans one: {widths}"


def test_a_screen_with_component_errors_shows_one_alert_listing_them(phone):
    packet = load(INVALID / "textbox-without-name.json")
    packet["components"][0]["components"].append({"type": "checkbox", "title": "Active customer", "value": "1"})
    packet["components"].append({"type": "label", "text": "Still drawn", "color": "#12345"})
    phone.show(packet, "iPhone 16")
    alerts = phone.driver.find_elements(By.CSS_SELECTOR, "#screen .x-alerts")
    assert len(alerts) == 1, "one alert for the screen's problems (docs/protocol/components/README.md#keys-every-component-has)"
    messages = [m.text for m in alerts[0].find_elements(By.CSS_SELECTOR, ".x-alert-message")]
    assert len(messages) == 1, messages
    text = messages[0]
    assert '$.components[0].components[0]: textbox requires "name"' in text, text
    assert '$.components[0].components[1]: checkbox requires "name"' in text, text
    assert "$.components[1].color" in text, text
    assert "Still drawn" in script(phone, "return document.getElementById('screen').innerText")
    phone.driver.find_element(By.CSS_SELECTOR, "#screen .x-alert-ok").click()
    phone.wait_until(lambda: not phone.driver.find_elements(By.CSS_SELECTOR, "#screen .x-alerts"), message="the alert to close")
