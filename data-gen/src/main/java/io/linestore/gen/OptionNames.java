package io.linestore.gen;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Maps enum constants to their command-line spelling: the constant's name in lower case. */
final class OptionNames {

    private OptionNames() {
    }

    /** Returns the command-line spelling of {@code value}. */
    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Returns the constant spelled {@code text} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value, what it is and the accepted spellings
     */
    static <E extends Enum<E>> E parse(E[] values, String text, String what) {
        for (E value : values) {
            if (of(value).equalsIgnoreCase(text.trim())) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + text + "' (expected "
                + Arrays.stream(values).map(OptionNames::of).collect(Collectors.joining(", ")) + ")");
    }
}
