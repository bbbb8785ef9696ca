"""Our own chi-square p-values, against published tables of its quantiles (no scipy)."""

from __future__ import annotations

import math

import pytest

from tenthousand.history.chisquare import (
    chi_square_quantile,
    chi_square_sf,
    statistic,
    upper_gamma,
)

#: Critical values of chi-square: (degrees of freedom, upper-tail probability, value), from
#: the NIST/SEMATECH e-Handbook of Statistical Methods, table 1.3.6.7.4, and for the lower
#: tail (0.95, 0.99) the same table's lower critical values.
PUBLISHED = [
    (1, 0.10, 2.706), (1, 0.05, 3.841), (1, 0.025, 5.024), (1, 0.01, 6.635),
    (1, 0.001, 10.828), (1, 0.95, 0.004), (2, 0.05, 5.991), (2, 0.01, 9.210),
    (2, 0.001, 13.816), (3, 0.05, 7.815), (3, 0.01, 11.345), (4, 0.05, 9.488),
    (4, 0.01, 13.277), (5, 0.10, 9.236), (5, 0.05, 11.070), (5, 0.025, 12.833),
    (5, 0.01, 15.086), (5, 0.001, 20.515), (5, 0.95, 1.145), (5, 0.99, 0.554),
    (6, 0.05, 12.592), (10, 0.05, 18.307), (10, 0.01, 23.209), (10, 0.95, 3.940),
    (20, 0.05, 31.410), (20, 0.001, 45.315), (30, 0.05, 43.773), (50, 0.05, 67.505),
    (100, 0.05, 124.342), (100, 0.01, 135.807), (100, 0.95, 77.929),
]


@pytest.mark.parametrize(("df", "p", "value"), PUBLISHED)
def test_the_p_value_of_each_published_critical_value(df: int, p: float, value: float) -> None:
    # The tables round to three decimals: the p-value of the rounded value is near p.
    slope = abs(chi_square_sf(value + 0.0005, df) - chi_square_sf(value - 0.0005, df))
    assert chi_square_sf(value, df) == pytest.approx(p, abs=slope + 1e-9)
    assert chi_square_quantile(p, df) == pytest.approx(value, abs=0.0006)


@pytest.mark.parametrize(("p", "value"), [(0.05, 11.0705), (0.01, 15.0863),
                                          (0.001, 20.515), (0.95, 1.1455)])
def test_five_degrees_of_freedom_to_more_places(p: float, value: float) -> None:
    assert chi_square_sf(value, 5) == pytest.approx(p, rel=2e-5)
    assert chi_square_quantile(p, 5) == pytest.approx(value, abs=6e-5)


def test_closed_forms_agree_over_the_whole_range() -> None:
    """Two degrees of freedom: exp(-x/2); one: erfc(sqrt(x/2)); five: the closed form of
    Q(5/2, x/2).  Both branches of the code (series below a + 1, the fraction above)."""
    for i in range(1, 400):
        x = i * 0.25
        assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12, abs=1e-300)
        assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10,
                                                    abs=1e-300)
        y = x / 2
        five = math.erfc(math.sqrt(y)) + math.exp(-y) * 2 * math.sqrt(y / math.pi) * (
            1 + 2 * y / 3)
        assert chi_square_sf(x, 5) == pytest.approx(five, rel=1e-10, abs=1e-300)


def test_the_edges() -> None:
    assert chi_square_sf(0.0, 5) == 1.0 and chi_square_sf(-3.0, 5) == 1.0
    assert chi_square_sf(1e6, 5) == 0.0
    assert upper_gamma(2.5, math.inf) == 0.0
    assert 0 < chi_square_sf(200.0, 5) < 1e-38
    values = [chi_square_sf(x / 10, 5) for x in range(0, 500)]
    assert values == sorted(values, reverse=True)  # falls as x grows
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)
    with pytest.raises(ValueError):
        chi_square_quantile(1.0, 5)


def test_the_statistic_of_face_counts() -> None:
    assert statistic([10] * 6) == 0.0
    # (20-10)^2/10 + (0-10)^2/10 = 20
    assert statistic([20, 0, 10, 10, 10, 10]) == pytest.approx(20.0)
    assert statistic([0] * 6) == 0.0
