"""Issue 14, colour: every theme keeps its text readable and a selected die apart from an
unselected one (WCAG 2.1: 4.5:1 for text, 3:1 for the states of a control), also as red-blind
and green-blind eyes see it; the colour-blind safe palette keeps good, bad and corner apart;
a selected die is told by its shape too, not by its colour alone."""

from __future__ import annotations

import pytest
from PIL import Image

from tenthousand.cli import parse
from tenthousand.files.settings import TABLE_COLOURS, THEMES, Preferences
from tenthousand.tools.colourcheck import (
    STATE_MINIMUM,
    TEXT_MINIMUM,
    VISIONS,
    figures,
    simulate,
    simulate_colour,
)
from tenthousand.view.dice import STATES, render_face

COLOURS = [name for name, _ in TABLE_COLOURS]


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("theme", THEMES)
def test_text_and_dice_contrast(theme: str, colour: str, vision: str) -> None:
    f = figures(theme, colour, vision)
    name, ratio = f.worst_text
    assert ratio >= TEXT_MINIMUM, f"{name}: {ratio:.2f}"
    assert f.selected >= STATE_MINIMUM, f"selected against unselected: {f.selected:.2f}"


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("colour", COLOURS)
def test_colour_blind_palette_keeps_the_states_apart(colour: str, vision: str) -> None:
    assert figures("colorblind", colour, vision).states_apart >= 40


def test_themes_differ() -> None:
    dice = {theme: render_face(5, 64, "selected", theme).tobytes() for theme in THEMES}
    assert len(set(dice.values())) == len(THEMES)


def _opaque_top(image: Image.Image) -> int:
    box = image.getchannel("A").point(lambda a: 255 if a > 200 else 0).getbbox()
    assert box is not None
    return box[1]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", [40, 80, 160])
def test_a_selected_die_has_another_outline(theme: str, size: int) -> None:
    """The tick on the corner stands out of the die's square, so the shape differs even
    where the colours cannot be told apart (a grey screen, a printed screenshot)."""
    for face in range(1, 7):
        selected = render_face(face, size, "selected", theme)
        normal = render_face(face, size, "normal", theme)
        assert _opaque_top(selected) < _opaque_top(normal)
        for state in STATES:
            if state != "selected":
                assert _opaque_top(render_face(face, size, state, theme)) == _opaque_top(normal)


def test_simulation_of_an_image_matches_the_exact_one() -> None:
    colours = ["#ff0000", "#00ff00", "#1e6b3c", "#ffd9d4", "#0072b2", "#808080"]
    image = Image.new("RGB", (len(colours), 1))
    for x, c in enumerate(colours):
        image.putpixel((x, 0), tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)))
    for vision in VISIONS:
        seen = simulate(image, vision)
        for x, c in enumerate(colours):
            exact = simulate_colour(c, vision)
            want = tuple(int(exact[i:i + 2], 16) for i in (1, 3, 5))
            got = seen.getpixel((x, 0))
            assert isinstance(got, tuple)
            assert all(abs(a - b) <= 6 for a, b in zip(got, want, strict=True)), (c, vision)


def test_simulation_folds_red_onto_green() -> None:
    # What the simulation is for: red and green look alike to a green-blind eye.
    def gap(a: str, b: str) -> int:
        return sum(abs(int(a[i:i + 2], 16) - int(b[i:i + 2], 16)) for i in (1, 3, 5))
    assert gap(simulate_colour("#d62728", "deuteranopia"),
               simulate_colour("#8c8c00", "deuteranopia")) < 60


@pytest.mark.parametrize("theme", THEMES)
def test_theme_flag_and_preferences(theme: str) -> None:
    _, opts = parse(["--theme", theme])
    assert opts.theme == theme
    prefs, bad = Preferences.from_dict({"theme": theme})
    assert prefs.theme == theme and not bad


def test_theme_flag_with_a_letter_is_refused() -> None:
    with pytest.raises(SystemExit):
        parse(["--theme", "contrast", "M"])


@pytest.mark.parametrize("theme", THEMES)
def test_the_tour_callouts_are_readable(theme: str) -> None:
    from tenthousand.view.guide import colours
    from tenthousand.view.theme import contrast, palette

    c = colours(palette(theme, "green"))
    assert contrast(c["text"], c["fill"]) >= TEXT_MINIMUM
    assert contrast(c["link"], c["fill"]) >= TEXT_MINIMUM
