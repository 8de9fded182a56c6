package io.linestore.cli.command;

import picocli.CommandLine.ITypeConverter;

/** Makes a {@link StoreArgument} of an annotated command's parameter. */
public final class StoreArgumentConverter implements ITypeConverter<StoreArgument> {

    /** Made by picocli. */
    public StoreArgumentConverter() {
    }

    @Override
    public StoreArgument convert(String value) {
        return new StoreArgument(value);
    }
}
