package io.linestore.cli.common;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads counts and byte sizes written with a unit suffix, as the command line accepts them.
 *
 * <ul>
 *   <li>Counts are decimal: {@code 1500}, {@code 10k} (10,000), {@code 10M}, {@code 1G},
 *       {@code 2T}; fractions are allowed when the result is whole, as in {@code 1.5M}.
 *   <li>Byte sizes: a bare number is bytes ({@code B} may follow); {@code k}, {@code M}, {@code G},
 *       {@code T} and {@code KiB}, {@code MiB}, {@code GiB}, {@code TiB} are binary (as in JVM
 *       options: {@code 64k} is 65,536); {@code kB}, {@code MB}, {@code GB}, {@code TB} are
 *       decimal. Fractions are rounded down to whole bytes: {@code 1.5GiB}.
 * </ul>
 *
 * <p>Suffixes are case-insensitive. Negative values and values beyond {@code Long.MAX_VALUE} are
 * rejected. Thread-safe.
 */
public final class Sizes {

    private static final Map<String, Long> COUNT_SUFFIXES = Map.of(
            "", 1L, "k", 1_000L, "m", 1_000_000L, "g", 1_000_000_000L, "t", 1_000_000_000_000L);
    private static final Map<String, Long> BYTE_SUFFIXES = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L),
            Map.entry("k", 1L << 10), Map.entry("kib", 1L << 10), Map.entry("kb", 1_000L),
            Map.entry("m", 1L << 20), Map.entry("mib", 1L << 20), Map.entry("mb", 1_000_000L),
            Map.entry("g", 1L << 30), Map.entry("gib", 1L << 30), Map.entry("gb", 1_000_000_000L),
            Map.entry("t", 1L << 40), Map.entry("tib", 1L << 40), Map.entry("tb", 1_000_000_000_000L));
    private static final String COUNT_FORMS = "a whole number with an optional suffix k, M, G or T (decimal)";
    private static final String BYTE_FORMS =
            "a number of bytes with an optional suffix k/KiB, M/MiB, G/GiB, T/TiB (binary) or kB, MB, GB, TB (decimal)";

    /** The longest count or size read: 19 digits, a fraction, a suffix and spaces fit with room. */
    private static final int LONGEST = 64;
    /** The most characters of the user's text that a message repeats. */
    private static final int QUOTED = 80;

    private Sizes() {
    }

    /**
     * Reads a count such as {@code 10M}.
     *
     * @param text the count
     * @return the count, 0 or more
     * @throws IllegalArgumentException naming {@code text} if it is not a count
     */
    public static long parseCount(String text) {
        if (isDigits(text)) {
            // The common case, cheaply: a query stream reads millions of plain numbers.
            return Long.parseLong(text);
        }
        return parse(text, COUNT_SUFFIXES, "count", COUNT_FORMS, true);
    }

    /**
     * Reads a byte size such as {@code 1GiB} or {@code 64k}.
     *
     * @param text the size
     * @return the size in bytes, 0 or more
     * @throws IllegalArgumentException naming {@code text} if it is not a size
     */
    public static long parseBytes(String text) {
        return parse(text, BYTE_SUFFIXES, "byte size", BYTE_FORMS, false);
    }

    /**
     * Reads a count such as {@code 10k} that must fit an {@code int}.
     *
     * @param text the count
     * @return the count, 0 or more
     * @throws IllegalArgumentException naming {@code text} if it is not a count or exceeds
     *     {@link Integer#MAX_VALUE}
     */
    public static int parseIntCount(String text) {
        long count = parseCount(text);
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bad count " + quote(text) + ": larger than " + Integer.MAX_VALUE);
        }
        return (int) count;
    }

    private static boolean isDigits(String text) {
        // 18 digits always fit a long; longer numbers take the general path and its message.
        if (text.isEmpty() || text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a number with a suffix.
     *
     * @param whole whether the result must be whole (a count) or is rounded down (a byte size)
     */
    private static long parse(String text, Map<String, Long> suffixes, String what, String forms, boolean whole) {
        // Longer text is no number a long holds, and BigDecimal takes time quadratic in its length.
        if (text.length() > LONGEST) {
            throw new IllegalArgumentException("bad " + what + " " + quote(text) + ": longer than " + LONGEST
                    + " characters");
        }
        Matcher matcher = Suffixed.NUMBER_AND_SUFFIX.matcher(text.trim());
        Long unit = matcher.matches() ? suffixes.get(matcher.group(2).toLowerCase(Locale.ROOT)) : null;
        if (unit == null) {
            throw new IllegalArgumentException("bad " + what + " " + quote(text) + ": expected " + forms);
        }
        String number = matcher.group(1);
        if (isDigits(number)) {
            // A whole number (every default is one) in long arithmetic: BigDecimal's first use costs a
            // short command several milliseconds of start-up.
            try {
                return Math.multiplyExact(Long.parseLong(number), unit);
            } catch (ArithmeticException e) {
                throw tooLarge(text, what);
            }
        }
        BigDecimal value = new BigDecimal(number).multiply(BigDecimal.valueOf(unit));
        if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw tooLarge(text, what);
        }
        if (!whole) {
            return value.longValue();
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("bad " + what + " " + quote(text) + ": not a whole number", e);
        }
    }

    private static IllegalArgumentException tooLarge(String text, String what) {
        return new IllegalArgumentException("bad " + what + " " + quote(text) + ": larger than " + Long.MAX_VALUE);
    }

    /**
     * Quotes text from the user for a message: at most 80 characters of it, then the
     * length of the rest, so that a huge argument or request line cannot flood standard error.
     *
     * @param text what the user gave
     * @return {@code 'text'}, or {@code 'start...' (N characters)}, control characters
     *     escaped
     */
    public static String quote(String text) {
        String start = text.length() <= QUOTED ? text : text.substring(0, QUOTED);
        StringBuilder quoted = new StringBuilder("'");
        // A control character (a carriage return, an escape sequence) would garble the one-line message.
        start.chars().forEach(c -> quoted.append(Character.isISOControl(c)
                ? String.format(Locale.ROOT, "\\u%04x", c) : String.valueOf((char) c)));
        quoted.append(text.length() <= QUOTED ? "'" : "...' (" + text.length() + " characters)");
        return quoted.toString();
    }

    /**
     * The pattern of a number with a suffix, compiled when one is first read: a plain count, as
     * {@code linestore read STORE 100 10} gives, needs no regular expression (their classes and the
     * compilation are a noticeable part of a short command's start-up).
     */
    private static final class Suffixed {
        static final Pattern NUMBER_AND_SUFFIX = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");
    }

    /** Converts a picocli option value with {@link #parseCount(String)}. */
    public static final class CountConverter implements ITypeConverter<Long> {

        /** Makes the converter; picocli instantiates it by reflection. */
        public CountConverter() {
        }

        /**
         * Reads the count.
         *
         * @param value the option value
         * @return the count
         * @throws TypeConversionException naming the value if it is not a count
         */
        @Override
        public Long convert(String value) {
            return Conversions.converted(Sizes::parseCount, value);
        }
    }

    /** Converts a picocli option value with {@link #parseIntCount(String)}. */
    public static final class IntCountConverter implements ITypeConverter<Integer> {

        /** Makes the converter; picocli instantiates it by reflection. */
        public IntCountConverter() {
        }

        /**
         * Reads the count.
         *
         * @param value the option value
         * @return the count
         * @throws TypeConversionException naming the value if it is not a count that fits an int
         */
        @Override
        public Integer convert(String value) {
            return Conversions.converted(Sizes::parseIntCount, value);
        }
    }

    /** Converts a picocli option value with {@link #parseBytes(String)}. */
    public static final class ByteSizeConverter implements ITypeConverter<Long> {

        /** Makes the converter; picocli instantiates it by reflection. */
        public ByteSizeConverter() {
        }

        /**
         * Reads the byte size.
         *
         * @param value the option value
         * @return the size in bytes
         * @throws TypeConversionException naming the value if it is not a size
         */
        @Override
        public Long convert(String value) {
            return Conversions.converted(Sizes::parseBytes, value);
        }
    }
}
