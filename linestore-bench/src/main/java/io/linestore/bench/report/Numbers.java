package io.linestore.bench.report;

import java.util.Locale;

/** Formats the numbers of a report the same way everywhere. Stateless. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * Formats a rate in three significant digits, thousands grouped: {@code 1,234,000},
     * {@code 12.3}, {@code 0.0123}.
     *
     * @param value the rate
     * @return the text, {@code n/a} for NaN
     */
    public static String rate(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Math.abs(value) >= 1000) {
            double magnitude = Math.pow(10, Math.floor(Math.log10(Math.abs(value))) - 2);
            return String.format(Locale.ROOT, "%,.0f", Math.round(value / magnitude) * magnitude);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /**
     * Formats a ratio with two decimals and an {@code x}: {@code 0.97x}; very large or small in
     * three significant digits.
     *
     * @param value the ratio
     * @return the text, {@code n/a} for NaN
     */
    public static String ratio(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (value >= 100 || value < 0.01) {
            return rate(value) + "x";
        }
        return String.format(Locale.ROOT, "%.2fx", value);
    }
}
