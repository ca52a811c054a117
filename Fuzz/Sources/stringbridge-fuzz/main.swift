#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzTargets

// The fuzzer's `main`: picks the target named by `FUZZ_TARGET` (`Fuzz/run.sh` sets it) and hands over to libFuzzer's
// driver, which `-sanitize=fuzzer` links in. (SwiftPM links an executable with its own entry point, so libFuzzer's
// `main` is not used; `LLVMFuzzerRunDriver` is the same driver.) `FUZZ_TARGET=list` prints every target with the
// fixture extensions that seed it, one a line (`NAME EXT,EXT… SUMMARY`), and exits.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

nonisolated(unsafe) var selected: FuzzTarget?

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selected!.run(bytes)
    return 0
}

let name = getenvString("FUZZ_TARGET") ?? ""
if name == "list" {
    for target in FuzzTarget.all {
        print("\(target.name) \(target.seedExtensions.joined(separator: ",")) \(target.summary)")
    }
    exit(0)
}
guard let target = FuzzTarget.named(name) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: " ")
    let message = Array("stringbridge-fuzz: set FUZZ_TARGET to one of: \(names)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
selected = target
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, { data, size in testOneInput(data, size) }))
