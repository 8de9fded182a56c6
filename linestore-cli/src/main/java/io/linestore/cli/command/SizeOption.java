package io.linestore.cli.command;

import picocli.CommandLine.ITypeConverter;

/** Converts a byte size option such as {@code 1MiB}. */
public final class SizeOption implements ITypeConverter<Long> {

    /** Made by picocli. */
    public SizeOption() {
    }

    @Override
    public Long convert(String value) {
        return Long.parseLong(value);
    }
}
