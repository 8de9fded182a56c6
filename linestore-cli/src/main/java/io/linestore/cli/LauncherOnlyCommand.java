package io.linestore.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command that lives in another jar, such as {@code bench} in the benchmarks jar: listed in
 * {@code linestore --help} so users find it, and started from that jar by the {@code ./linestore}
 * launcher. Called in this jar anyway ({@code java -jar linestore.jar bench}), it says so and
 * fails, whatever its arguments.
 */
final class LauncherOnlyCommand implements Callable<Integer> {

    private final String name;

    private LauncherOnlyCommand(String name) {
        this.name = name;
    }

    /**
     * Describes the command for picocli without inspecting any class.
     *
     * @param name the subcommand's name
     * @param description its one-line description in the usage
     * @return the command's model, taking any arguments
     */
    static CommandSpec spec(String name, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(new LauncherOnlyCommand(name));
        spec.name(name);
        spec.usageMessage().description(description + " Runs from the benchmarks jar.");
        spec.parser().unmatchedOptionsArePositionalParams(true);
        spec.addPositional(PositionalParamSpec.builder().arity("0..*").paramLabel("ARGS").type(String[].class).build());
        return spec;
    }

    @Override
    public Integer call() {
        throw new UnsupportedOperationException(
                name + " is not in this jar: run it through the launcher, ./linestore " + name);
    }
}
