package io.linestore.cli.command;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.TypeConversionException;

/**
 * The command-line spelling of enum constants: lower case, words joined by {@code -}
 * ({@code BUFFERED_READER} is {@code buffered-reader}).
 */
public final class EnumNames {

    private EnumNames() {
    }

    /**
     * Spells a constant.
     *
     * @param constant the constant
     * @return its command-line name
     */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Spells every constant of a type.
     *
     * @param type the enum type
     * @return the command-line names, in declaration order
     */
    static List<String> all(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).<String>map(EnumNames::of).toList();
    }

    /**
     * Finds the constant a command-line name (or the constant's own name) stands for, ignoring case.
     *
     * @param type the enum type
     * @param value what the user typed
     * @param <E> the enum type
     * @return the constant
     * @throws TypeConversionException naming the value and the accepted names if none matches
     */
    static <E extends Enum<E>> E parse(Class<E> type, String value) {
        for (E constant : type.getEnumConstants()) {
            if (of(constant).equalsIgnoreCase(value) || constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new TypeConversionException("'" + value + "' is not one of " + String.join(", ", all(type)));
    }
}
