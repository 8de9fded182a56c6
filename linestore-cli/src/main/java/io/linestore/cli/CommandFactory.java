package io.linestore.cli;

import java.io.OutputStream;
import java.lang.reflect.Constructor;
import picocli.CommandLine;
import picocli.CommandLine.IFactory;

/**
 * Makes picocli's objects: a class with a public constructor that takes {@link StandardStreams}
 * gets them, one whose public constructor takes an {@link OutputStream} (commands from other
 * modules, such as {@code gen}) gets standard output as bytes; any other class (converters) is
 * made by picocli's default factory.
 */
final class CommandFactory implements IFactory {

    private final StandardStreams streams;

    CommandFactory(StandardStreams streams) {
        this.streams = streams;
    }

    /** The streams the commands get. */
    StandardStreams streams() {
        return streams;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        for (Constructor<?> constructor : type.getConstructors()) {
            Class<?>[] parameters = constructor.getParameterTypes();
            if (parameters.length == 1 && parameters[0] == StandardStreams.class) {
                return type.cast(constructor.newInstance(streams));
            }
            if (parameters.length == 1 && parameters[0] == OutputStream.class) {
                return type.cast(constructor.newInstance(streams.stdout()));
            }
        }
        return CommandLine.defaultFactory().create(type);
    }
}
