package io.linestore.cli.command;

import io.linestore.ReadMethod;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;

/** Converts and lists {@code --reader} values: {@code buffered-reader}, ..., {@code auto}. */
public final class ReadMethodOption implements ITypeConverter<ReadMethod>, Iterable<String> {

    /** Made by picocli. */
    public ReadMethodOption() {
    }

    @Override
    public ReadMethod convert(String value) {
        return EnumNames.parse(ReadMethod.class, value);
    }

    @Override
    public Iterator<String> iterator() {
        return EnumNames.all(ReadMethod.class).iterator();
    }
}
