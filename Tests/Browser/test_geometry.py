"""Geometry in Chromium: every screen under Tests/Fixtures/valid that the simulator can draw, on
two devices, measured in the page and held to what the layout engine says (`xpedite layout`,
run by another process from the file) and to what the screen's JSON asks for:

- each component's box is its frame (±1 point);
- sibling boxes (and a container's title row or footer against its children) overlap only
  where their frames do;
- a child whose frame lies inside its container is drawn inside the container's border;
- text is aligned as its `align` says (labels, buttons, table headings and cells);
- every field's `title` is visible;
- a single-line table cell whose text does not fit ends in an ellipsis;
- field titles are inset like their form's title.
"""
import pytest

from fidelity import DEVICES, FIELD_TYPES, VALID, absolute_frames, component_at, drawable_fixtures, load, normalized, oracle

TOLERANCE = 1.0
FIXTURES = drawable_fixtures()
CASES = [(device, name) for device in DEVICES for name in FIXTURES]
_normalized = {}


def overlap(a, b, margin=TOLERANCE):
    """Whether two rectangles share more than `margin` in both directions."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return width > margin and height > margin


def inside(inner, outer, margin=TOLERANCE):
    return (inner["x"] >= outer["x"] - margin and inner["y"] >= outer["y"] - margin
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + margin
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + margin)


def describe(rect):
    return "({x:.2f}, {y:.2f}, {width:.2f}, {height:.2f})".format(**rect)


def alignment_problem(expected, box, lines, what):
    """Whether every line of text sits where `expected` (left, right, centre) puts it in `box`."""
    if not lines or expected in ("justify",):
        return None
    for line in lines:
        left, right = line["x"] - box["x"], box["x"] + box["width"] - (line["x"] + line["width"])
        if expected == "left" and abs(left) > 2:
            return f"{what}: text starts {left:.1f} pt from the left edge, expected left-aligned"
        if expected == "right" and abs(right) > 2:
            return f"{what}: text ends {right:.1f} pt from the right edge, expected right-aligned"
        if expected in ("centre", "center") and abs(left - right) > 3:
            return f"{what}: text is {left:.1f} pt from the left and {right:.1f} pt from the right, expected centred"
    return None


def text_lines(lines):
    """Line boxes of a text: a range's client rects merged per line (rects whose middles are
    closer than half their height are on one line, as a glyph beside a button's text is)."""
    merged = []
    for rect in sorted(lines, key=lambda r: r["y"]):
        middle = rect["y"] + rect["height"] / 2
        line = next((l for l in merged if abs(l["y"] + l["height"] / 2 - middle) < min(l["height"], rect["height"]) / 2), None)
        if line is None:
            merged.append(dict(rect))
            continue
        left, right = min(line["x"], rect["x"]), max(line["x"] + line["width"], rect["x"] + rect["width"])
        line["x"], line["width"] = left, right - left
    return merged


def problems_of(phone, name, device):
    path = VALID / name
    packet = load(path)
    if name not in _normalized:
        _normalized[name] = normalized(path)
    screen = _normalized[name]
    tree = oracle(path, device)
    phone.show(packet, device)
    return drawing_problems(phone.measure(), tree, screen, phone.title_problem)


def drawing_problems(page, tree, screen, title_problem):
    """What is wrong with a drawn screen: `page` is the measurement (fidelity.MEASURE), `tree` the
    frame tree it was drawn from, `screen` its packet in the new dialect, `title_problem(path,
    title)` says why a field's title is not visible (None when it is). The web renderer's tests
    (test_web_renderer.py) hold their drawings to the same checks."""
    boxes = {node["path"]: node for node in page["nodes"]}
    expected = [entry for entry in absolute_frames(tree) if entry["type"] != "navigation"]
    problems = []

    # Each component's box is its frame.
    for entry in expected:
        box = boxes.get(entry["path"])
        if box is None:
            problems.append(f"{entry['path']} ({entry['type']}): not drawn")
            continue
        frame, drawn = entry["frame"], box["rect"]
        if any(abs(frame[key] - drawn[key]) > TOLERANCE for key in ("x", "y", "width", "height")):
            problems.append(f"{entry['path']} ({entry['type']}): drawn at {describe(drawn)}, frame {describe(frame)}")

    # Siblings (and a container's own title row, caption or footer) overlap only where frames do;
    # children inside their container's border.
    by_parent = {}
    for entry in expected:
        by_parent.setdefault(entry["parent"]["path"] if entry["parent"] else None, []).append(entry)
    for parent_path, children in by_parent.items():
        drawn = [(entry, boxes[entry["path"]]["rect"]) for entry in children if entry["path"] in boxes]
        for i, (a, rect_a) in enumerate(drawn):
            for b, rect_b in drawn[i + 1:]:
                if overlap(rect_a, rect_b) and not overlap(a["frame"], b["frame"], margin=0):
                    problems.append(f"{a['path']} and {b['path']} overlap on the page but not in the layout")
        if parent_path is None or parent_path not in boxes:
            continue
        container = boxes[parent_path]
        parent = next(entry for entry in expected if entry["path"] == parent_path)
        parts = parent["node"].get("parts", [])
        for piece in container["pieces"]:
            kind = {"x-form-title": "titleRow", "x-box-title": "titleRow", "x-form-footer": "footer",
                    "x-form-header": "headerBar"}.get(piece["kind"].split()[0])
            part = next((p for p in parts if p["kind"] == kind), None)
            for child, rect in drawn:
                if not overlap(piece["rect"], rect):
                    continue
                if part is None:
                    problems.append(f"{parent_path}: its {piece['kind']} {piece['text']!r} is drawn over {child['path']} "
                                    f"({child['type']}), and the layout gives it no room")
                    continue
                frame = part["frame"]
                part_rect = {"x": parent["frame"]["x"] + frame["x"], "y": parent["frame"]["y"] + frame["y"],
                             "width": frame["width"], "height": frame["height"]}
                if not overlap(part_rect, child["frame"], margin=0):
                    problems.append(f"{parent_path}: its {kind} overlaps {child['path']} on the page but not in the layout")
        for child, rect in drawn:
            if inside(child["frame"], parent["frame"]) and not inside(rect, container["inner"]):
                problems.append(f"{child['path']} ({child['type']}) at {describe(rect)} leaves its container "
                                f"{parent_path}, whose inside is {describe(container['inner'])}")

    # Text alignment, field titles, ellipses.
    for entry in expected:
        box = boxes.get(entry["path"])
        component = component_at(screen, [int(i) for i in entry["path"].split(".")])
        if box is None or component is None:
            continue
        kind = component.get("type")
        if kind in ("label", "button") and box["texts"] and not box["texts"][0]["overflows"]:
            align = component.get("align") or ("centre" if kind == "button" else "left")
            text = box["texts"][0]
            problem = alignment_problem(align, text["box"], text_lines(text["lines"]), f"{entry['path']} ({kind})")
            if problem:
                problems.append(problem)
        if kind == "table":
            header, cell = component.get("header") or [], component.get("cell") or []
            for drawn_cell in box["cells"]:
                columns = header if drawn_cell["header"] else cell
                column = columns[drawn_cell["column"]] if drawn_cell["column"] < len(columns) else {}
                what = f"{entry['path']} {'heading' if drawn_cell['header'] else 'cell'} {drawn_cell['text']!r}"
                fits = drawn_cell["ellipsis"] is None or drawn_cell["ellipsis"]["needed"] <= drawn_cell["ellipsis"]["available"] + 1
                if fits:
                    problem = alignment_problem(column.get("align") or "left", drawn_cell["box"],
                                                text_lines(drawn_cell["lines"]), what)
                    if problem:
                        problems.append(problem)
                elif not drawn_cell["multiline"]:
                    e = drawn_cell["ellipsis"]
                    draws = (e["display"] in ("block", "inline-block", "flow-root", "list-item")
                             and e["overflow"] in ("hidden", "clip") and e["textOverflow"] == "ellipsis"
                             and e["whiteSpace"] in ("nowrap", "pre"))
                    if not draws:
                        problems.append(f"{what}: needs {e['needed']:.0f} pt of {e['available']:.0f} but is cut without "
                                        f"an ellipsis (display {e['display']}, text-overflow {e['textOverflow']})")
        if kind in FIELD_TYPES and component.get("title"):
            problem = title_problem(entry["path"], component["title"])
            if problem:
                problems.append(f"{entry['path']} ({kind}): its title {component['title']!r} is not visible: {problem}")

    # Field titles start where their form's title starts.
    form_insets = {t["owner"]: t["lines"][0]["x"] - t["box"]["x"] for t in page["titles"] if t["kind"] == "form" and t["lines"]}
    for title in page["titles"]:
        if title["kind"] != "field" or not title["lines"]:
            continue
        form = next((path for path in form_insets if title["owner"].startswith(path + ".")), None)
        if form is None:
            continue
        inset = title["lines"][0]["x"] - title["box"]["x"]
        if abs(inset - form_insets[form]) > 1:
            problems.append(f"{title['owner']}: its title text is inset {inset:.1f} pt, its form's title {form_insets[form]:.1f} pt")
    return problems


@pytest.mark.parametrize("device,name", CASES, ids=[f"{device}-{name}" for device, name in CASES])
def test_the_page_draws_the_layout(phone, device, name):
    problems = problems_of(phone, name, device)
    assert not problems, f"{name} on {device}:\n  " + "\n  ".join(problems)


def test_the_suite_covers_the_documents_screens():
    """The six kinds of screens of issue 20 are among the fixtures the suite draws."""
    for name in ["doc-old-size-dicts.json", "doc-new-size-dicts.json", "doc-new-form.json", "doc-old-section-box.json",
                 "doc-new-navigation-table.json", "doc-old-navigation-table.json"]:
        assert name in FIXTURES
    assert len(FIXTURES) > 100
