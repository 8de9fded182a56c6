package io.linestore.cli.common;

import java.util.function.Function;
import picocli.CommandLine.TypeConversionException;

/**
 * Lets a parser that throws {@link IllegalArgumentException} serve as a picocli converter: the bad
 * value is reported as a usage error ({@link ExitCodes#USAGE}) with the parser's message intact.
 */
public final class Conversions {

    private Conversions() {
    }

    /**
     * Parses an option value.
     *
     * @param parser turns the text into a value, throwing {@link IllegalArgumentException} with a
     *     message naming the value when it cannot
     * @param value the option value
     * @param <T> the parsed type
     * @return {@code parser.apply(value)}
     * @throws TypeConversionException with the parser's message if the value is bad
     */
    public static <T> T converted(Function<String, T> parser, String value) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
