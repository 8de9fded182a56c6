package io.linestore.cli.command;

import io.linestore.ReadMethod;

/** Converts and lists {@code --reader} values: {@code buffered-reader}, ..., {@code auto}. */
public final class ReadMethodOption extends EnumOption<ReadMethod> {

    /** Made by picocli. */
    public ReadMethodOption() {
        super(ReadMethod.class, "reader");
    }
}
