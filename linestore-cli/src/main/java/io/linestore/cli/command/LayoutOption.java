package io.linestore.cli.command;

import io.linestore.Layout;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;

/** Converts and lists {@code --layout} values: {@code single}, {@code sharded}. */
public final class LayoutOption implements ITypeConverter<Layout>, Iterable<String> {

    /** Made by picocli. */
    public LayoutOption() {
    }

    @Override
    public Layout convert(String value) {
        return EnumNames.parse(Layout.class, value);
    }

    @Override
    public Iterator<String> iterator() {
        return EnumNames.all(Layout.class).iterator();
    }
}
