package io.linestore;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The one text spelling of enum constants wherever a person types or reads them (command-line
 * options, printed commands, reports): the constant's name in lower case, words joined by {@code -}
 * ({@link ReadMethod#BUFFERED_READER} is {@code buffered-reader}, {@link Layout#SHARDED} is
 * {@code sharded}). Stateless and thread-safe.
 */
public final class OptionNames {

    private OptionNames() {
    }

    /**
     * Spells a constant.
     *
     * @param constant the constant
     * @return its option name, such as {@code file-channel}
     * @throws NullPointerException if {@code constant} is null
     */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Spells every constant of a type.
     *
     * @param type the enum type
     * @return the option names, in declaration order
     */
    public static List<String> all(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).<String>map(OptionNames::of).toList();
    }

    /**
     * Finds the constant that {@code text} names: its option name or the constant's own name,
     * ignoring case and surrounding white space.
     *
     * @param type the enum type
     * @param text what the user typed
     * @param what what the value is, for the error message ({@code layout}, {@code charset})
     * @param <E> the enum type
     * @return the constant
     * @throws IllegalArgumentException naming {@code what}, the value and the accepted names if
     *     none matches, such as {@code unknown layout 'x' (expected single, sharded)}
     */
    public static <E extends Enum<E>> E parse(Class<E> type, String text, String what) {
        String trimmed = text.strip();
        for (E constant : type.getEnumConstants()) {
            if (of(constant).equalsIgnoreCase(trimmed) || constant.name().equalsIgnoreCase(trimmed)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(
                "unknown " + what + " '" + text + "' (expected " + String.join(", ", all(type)) + ")");
    }
}
