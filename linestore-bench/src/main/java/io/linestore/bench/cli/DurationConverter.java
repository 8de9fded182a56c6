package io.linestore.bench.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts a time such as {@code 30s}, {@code 2m} or {@code 500ms} for picocli. Stateless. */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern TIME = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

    /** Made by picocli. */
    public DurationConverter() {
    }

    /**
     * Reads the time.
     *
     * @param value a whole number and a unit: {@code ms}, {@code s}, {@code m} or {@code h}
     * @return the duration
     * @throws TypeConversionException naming the value if it is not such a time
     */
    @Override
    public Duration convert(String value) {
        Matcher matcher = TIME.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new TypeConversionException("bad time '" + value + "': expected a whole number and ms, s, m or h,"
                    + " such as 30s or 2m");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
