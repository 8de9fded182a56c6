package io.linestore.gen;

import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * How long the content of a non-empty line is, in bytes (the terminator not counted). Immutable and
 * thread-safe.
 *
 * <p>Lengths are drawn per line from 64 random bits. Fixed and uniform lengths are exact; normal
 * and log-normal lengths are read from a table of 65,536 quantiles (taken at the midpoints
 * {@code (k + 0.5) / 65536}), computed once with {@link StrictMath} so they are the same on every
 * machine. The table reaches about 4.3 standard deviations, which keeps the long tail of a
 * log-normal distribution without ever producing absurd lengths. Every length is rounded and
 * clamped to {@code [0, MAX_CONTENT_BYTES]}; the generator then raises it to the minimum size of a
 * line's frame (number and checksum, see {@link LineCheck}).
 *
 * <p>The textual form, accepted by {@link #parse(String)} and produced by {@link #toString()}, is
 * one of {@code fixed:L}, {@code uniform:MIN:MAX}, {@code normal:MEAN:SD} and
 * {@code lognormal:MEDIAN:SIGMA}.
 */
public final class LengthDistribution {

    /** The largest content length any distribution yields: 16 MiB. */
    public static final int MAX_CONTENT_BYTES = 1 << 24;

    private static final String FORMS = "fixed:L, uniform:MIN:MAX, normal:MEAN:SD or lognormal:MEDIAN:SIGMA";
    private static final int TABLE_BITS = 16;

    private final String spec;
    private final int fixed;
    private final int uniformSpan;
    private final int[] quantiles;

    private LengthDistribution(String spec, int fixed, int uniformSpan, int[] quantiles) {
        this.spec = spec;
        this.fixed = fixed;
        this.uniformSpan = uniformSpan;
        this.quantiles = quantiles;
    }

    /**
     * Every line has the same content length.
     *
     * @param length content bytes, 0 to {@link #MAX_CONTENT_BYTES}
     * @return the distribution
     * @throws IllegalArgumentException if length is out of range
     */
    public static LengthDistribution fixed(int length) {
        checkLength("length", length);
        return new LengthDistribution("fixed:" + length, length, 1, null);
    }

    /**
     * Content lengths uniform over {@code [min, max]}, both inclusive.
     *
     * @param min shortest content, 0 to max
     * @param max longest content, min to {@link #MAX_CONTENT_BYTES}
     * @return the distribution
     * @throws IllegalArgumentException if a bound is out of range or min &gt; max
     */
    public static LengthDistribution uniform(int min, int max) {
        checkLength("min", min);
        checkLength("max", max);
        if (min > max) {
            throw new IllegalArgumentException("uniform length: min " + min + " > max " + max);
        }
        return new LengthDistribution("uniform:" + min + ":" + max, min, max - min + 1, null);
    }

    /**
     * Normally distributed content lengths (negative draws become 0).
     *
     * @param mean mean length, 0 to {@link #MAX_CONTENT_BYTES}
     * @param sd standard deviation, 0 or more
     * @return the distribution
     * @throws IllegalArgumentException if mean or sd is out of range or not finite
     */
    public static LengthDistribution normal(double mean, double sd) {
        checkParameter("mean", mean, 0, MAX_CONTENT_BYTES);
        checkParameter("sd", sd, 0, MAX_CONTENT_BYTES);
        return tabulated("normal:" + number(mean) + ":" + number(sd), z -> mean + sd * z);
    }

    /**
     * Log-normally distributed content lengths: {@code median * exp(sigma * Z)}, a long tail of
     * rare, very long lines.
     *
     * @param median median length, more than 0 and at most {@link #MAX_CONTENT_BYTES}
     * @param sigma standard deviation of the logarithm, 0 to 10
     * @return the distribution
     * @throws IllegalArgumentException if median or sigma is out of range or not finite
     */
    public static LengthDistribution logNormal(double median, double sigma) {
        if (median == 0) {
            throw new IllegalArgumentException("median 0 is outside (0, " + MAX_CONTENT_BYTES + "]");
        }
        checkParameter("median", median, 0, MAX_CONTENT_BYTES);
        checkParameter("sigma", sigma, 0, 10);
        return tabulated("lognormal:" + number(median) + ":" + number(sigma),
                z -> median * StrictMath.exp(sigma * z));
    }

    /**
     * Parses the textual form (see the class description).
     *
     * @param spec for example {@code uniform:20:200}
     * @return the distribution
     * @throws IllegalArgumentException with a one-line message naming {@code spec} if it is malformed
     *     or out of range
     */
    public static LengthDistribution parse(String spec) {
        String[] parts = spec.trim().split(":", -1);
        String kind = parts[0].toLowerCase(Locale.ROOT);
        try {
            return switch (kind) {
                case "fixed" -> {
                    expectParts(spec, parts, 2);
                    yield fixed(Integer.parseInt(parts[1]));
                }
                case "uniform" -> {
                    expectParts(spec, parts, 3);
                    yield uniform(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
                }
                case "normal" -> {
                    expectParts(spec, parts, 3);
                    yield normal(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
                }
                case "lognormal" -> {
                    expectParts(spec, parts, 3);
                    yield logNormal(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]));
                }
                default -> throw new IllegalArgumentException("unknown kind '" + parts[0] + "'");
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "bad length distribution '" + spec + "': " + e.getMessage() + " (expected " + FORMS + ")", e);
        }
    }

    /**
     * Draws a content length from 64 random bits.
     *
     * @param bits uniformly random bits
     * @return a length in {@code [0, MAX_CONTENT_BYTES]}
     */
    int sample(long bits) {
        if (quantiles != null) {
            return quantiles[(int) (bits >>> (Long.SIZE - TABLE_BITS))];
        }
        // The high word of bits * span is uniform over [0, span) and needs no division.
        return uniformSpan == 1 ? fixed : fixed + (int) Math.unsignedMultiplyHigh(bits, uniformSpan);
    }

    /** Returns the textual form, which {@link #parse(String)} reads back to an equal distribution. */
    @Override
    public String toString() {
        return spec;
    }

    /** Two distributions are equal when their textual forms are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof LengthDistribution that && spec.equals(that.spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    private static LengthDistribution tabulated(String spec, DoubleUnaryOperator ofStandardNormal) {
        int size = 1 << TABLE_BITS;
        int[] table = new int[size];
        for (int k = 0; k < size; k++) {
            double value = ofStandardNormal.applyAsDouble(InverseNormal.quantile((k + 0.5) / size));
            table[k] = (int) Math.clamp(StrictMath.rint(value), 0, MAX_CONTENT_BYTES);
        }
        return new LengthDistribution(spec, 0, 0, table);
    }

    private static void expectParts(String spec, String[] parts, int count) {
        if (parts.length != count) {
            throw new IllegalArgumentException(
                    "'" + parts[0] + "' takes " + (count - 1) + " number(s), got " + (parts.length - 1));
        }
    }

    private static void checkLength(String name, int value) {
        if (value < 0 || value > MAX_CONTENT_BYTES) {
            throw new IllegalArgumentException(name + " " + value + " is outside [0, " + MAX_CONTENT_BYTES + "]");
        }
    }

    private static void checkParameter(String name, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(name + " " + number(value) + " is outside [" + number(min) + ", " + number(max) + "]");
        }
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
