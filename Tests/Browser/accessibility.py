"""The accessibility audit of the browser suite: axe-core (Deque's rule engine, the one Lighthouse
runs) on the page a selenium driver shows. The runner is PyPI's `axe-selenium-python`; the engine
it runs is the axe-core 4 of PyPI's `axe-core-python` (axe-selenium-python's own copy is axe-core
3.1, older than the WCAG 2.1 rules: decision 0410). scripts/install-test-tools installs both into
.venv.

    from accessibility import audit, assert_accessible
    assert_accessible(driver)                   # fails on any critical or serious violation
    violations = audit(driver, context="#screen")
"""
import os

from axe_selenium_python import Axe

try:
    import axe_core_python
    AXE_SCRIPT = os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js")
except ImportError:  # only axe-selenium-python: its own (older) axe-core
    AXE_SCRIPT = None

# WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, headings).
OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
           "resultTypes": ["violations"]}
FAILING = ("critical", "serious")


def audit(driver, context=None, options=OPTIONS):
    """The violations axe finds on the page (or inside the CSS selector `context`): a list of
    axe's violation objects (id, impact, help, nodes with target and failureSummary)."""
    axe = Axe(driver, AXE_SCRIPT) if AXE_SCRIPT else Axe(driver)
    if not driver.execute_script("return typeof window.axe === 'object'"):
        axe.inject()
    import json
    arguments = json.dumps(options)
    script = ("const callback = arguments[arguments.length - 1];"
              f"axe.run({json.dumps(context) if context else 'document'}, {arguments})"
              ".then(r => callback(r.violations), e => callback({error: String(e)}))")
    result = driver.execute_async_script(script)
    if isinstance(result, dict) and "error" in result:
        raise AssertionError(f"axe-core failed: {result['error']}")
    return result


def failing(violations):
    """The violations that fail the audit: impact critical or serious."""
    return [violation for violation in violations if violation.get("impact") in FAILING]


def describe(violations, limit=5):
    """The violations as readable lines: rule, impact, what it asks, and the first elements."""
    lines = []
    for violation in violations:
        nodes = violation.get("nodes", [])
        lines.append(f"{violation['id']} ({violation.get('impact')}): {violation.get('help')} — {len(nodes)} element(s)")
        for node in nodes[:limit]:
            target = " ".join(str(part) for part in node.get("target", []))
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {target}: {summary[:300]}")
        if len(nodes) > limit:
            lines.append(f"    … and {len(nodes) - limit} more")
    return "\n".join(lines)


def assert_accessible(driver, context=None, where="the page"):
    """Fails, listing them, when axe finds a critical or serious violation."""
    bad = failing(audit(driver, context))
    assert not bad, f"{where}: {len(bad)} critical or serious accessibility violation(s):\n{describe(bad)}"


APPEARANCES = ("light", "dark")


def set_appearance(driver, appearance):
    """Makes the page's `prefers-color-scheme` "light" or "dark" (DevTools' emulated media), as a
    phone or a desktop set to that appearance would; it holds for the pages the driver opens next."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": appearance}]})
    assert driver.execute_script(f"return matchMedia('(prefers-color-scheme: {appearance})').matches")
