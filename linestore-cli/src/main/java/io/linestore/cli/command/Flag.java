package io.linestore.cli.command;

import picocli.CommandLine.Model.OptionSpec;

/** Options without a value, for commands described to picocli without annotations. */
final class Flag {

    private Flag() {
    }

    /**
     * An option that is false unless given.
     *
     * @param name the option's name
     * @param description its help line
     * @return the option
     */
    static OptionSpec of(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description).build();
    }
}
