package io.linestore.cli.command;

import io.linestore.Layout;

/** Converts and lists {@code --layout} values: {@code single}, {@code sharded}. */
public final class LayoutOption extends EnumOption<Layout> {

    /** Made by picocli. */
    public LayoutOption() {
        super(Layout.class, "layout");
    }
}
