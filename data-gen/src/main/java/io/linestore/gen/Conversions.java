package io.linestore.gen;

import java.util.function.Function;
import picocli.CommandLine.TypeConversionException;

/** Turns a parser's {@link IllegalArgumentException} into picocli's conversion error, message intact. */
final class Conversions {

    private Conversions() {
    }

    /** Returns {@code parser.apply(value)}, with a bad value reported as a {@link TypeConversionException}. */
    static <T> T converted(Function<String, T> parser, String value) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
