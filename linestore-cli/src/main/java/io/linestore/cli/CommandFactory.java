package io.linestore.cli;

import picocli.CommandLine;
import picocli.CommandLine.IFactory;

/**
 * Makes picocli's objects, handing {@link StandardStreams} to every command class whose
 * constructor takes them; any other class (converters, commands from other modules) is made by
 * picocli's default factory.
 */
final class CommandFactory implements IFactory {

    private final StandardStreams streams;

    CommandFactory(StandardStreams streams) {
        this.streams = streams;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        try {
            return type.getDeclaredConstructor(StandardStreams.class).newInstance(streams);
        } catch (NoSuchMethodException noStreams) {
            return CommandLine.defaultFactory().create(type);
        }
    }
}
