package io.linestore.cli.command;

import io.linestore.OptionNames;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Converts and lists the values of an option that takes an enum constant, spelled by
 * {@link OptionNames}; a subclass per enum type, because picocli instantiates converters by class.
 *
 * @param <E> the enum type
 */
public abstract class EnumOption<E extends Enum<E>> implements ITypeConverter<E>, Iterable<String> {

    private final Class<E> type;
    private final String what;

    /**
     * Binds the option to its enum type.
     *
     * @param type the enum type
     * @param what what a value is, for the error message
     */
    EnumOption(Class<E> type, String what) {
        this.type = type;
        this.what = what;
    }

    @Override
    public final E convert(String value) {
        try {
            return OptionNames.parse(type, value, what);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    @Override
    public final Iterator<String> iterator() {
        return OptionNames.all(type).iterator();
    }
}
