import LocalizationCatalog
import StringBridgeSupport
import XMLSupport

/// Reads the localizable keys of Info.plist files (XML property lists) as Xcode exports them into `InfoPlist`.
///
/// Top-level keys Xcode localizes become strings with the plist value as written (`$(PRODUCT_NAME)` is not
/// expanded) and Xcode's comment (`CFBundleName` → `Bundle name`, `NSCameraUsageDescription` →
/// `Privacy - Camera Usage Description`). Type descriptions (`UTExportedTypeDeclarations`,
/// `UTImportedTypeDeclarations` → `UTTypeDescription`) become keys of their own, with no value and no comment;
/// document type names (`CFBundleDocumentTypes` → `CFBundleTypeName`) do not (docs/extraction.md, "Info.plist").
package struct InfoPlistReader: CodeReader {
    /// `plist`: the caller picks the target's Info.plist files (`INFOPLIST_FILE`).
    package var fileExtensions: Set<String> { ["plist"] }

    /// ``InputLimits/markupFileBytes``: XML, read into a small tree.
    package var maximumFileBytes: Int { InputLimits.markupFileBytes }

    /// The table: `InfoPlist`.
    package var table: String

    /// Which threads read the files: all cores by default (files side by side).
    ///
    /// ``Parallelism/sequential`` reads them one after the other on the calling thread; the result is the same.
    package var parallelism = Parallelism.automatic

    /// Creates a reader.
    package init(table: String = "InfoPlist") {
        self.table = table
    }

    /// Returns the strings of `files`, in file order and then the order of the keys in each file.
    package func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        stringsOfEachFile(files, reader: self, parallelism: parallelism, diagnostics: &diagnostics) {
            file, diagnostics in
            strings(in: file, diagnostics: &diagnostics)
        }
    }

    private func strings(in file: CodeFile, diagnostics: inout Diagnostics) -> [ExtractedString] {
        let bytes = Array(file.text.utf8)
        if bytes.starts(with: Array("bplist".utf8)) {
            diagnostics.append(
                Diagnostic(
                    .error, "binary property lists are not read; convert it with `plutil -convert xml1`",
                    at: FileLocation(path: file.path, line: 1, column: 1)))
            return []
        }
        let tree: XMLDocumentTree
        // The XML layer ends lines at LF only; a FileLocation also at a lone CR.
        let lines = XMLLinePositions(utf8: bytes)
        do {
            tree = try XMLDocumentTree(parsing: bytes, path: file.path)
        } catch {
            diagnostics.append(
                Diagnostic(.error, error.message, at: lines.location(file.path, error.line, error.column)))
            return []
        }
        guard tree.root.name == "plist", let dictionary = tree.root.childElements.first, dictionary.name == "dict"
        else {
            diagnostics.append(
                Diagnostic(
                    .error, "not an Info.plist: the document is not a <plist> whose top level is a <dict>",
                    at: lines.location(file.path, tree.root.line, tree.root.column)))
            return []
        }
        var result: [ExtractedString] = []
        func add(_ key: String, value: String?, comment: String?, at element: XMLElementNode) {
            result.append(
                ExtractedString(
                    key: key, value: value, comment: comment, table: table,
                    location: lines.location(file.path, element.line, element.column),
                    origin: .infoPlist))
        }
        for (key, value) in Self.entries(of: dictionary) {
            if let comment = InfoPlistKeys.comment(for: key) {
                guard value.name == "string" else { continue }
                add(key, value: value.textContent, comment: comment, at: value)
                continue
            }
            guard key == "UTExportedTypeDeclarations" || key == "UTImportedTypeDeclarations", value.name == "array"
            else { continue }
            for item in value.childElements where item.name == "dict" {
                for (member, memberValue) in Self.entries(of: item)
                where member == "UTTypeDescription" && memberValue.name == "string"
                    && !memberValue.textContent.isEmpty
                {
                    add(memberValue.textContent, value: nil, comment: nil, at: memberValue)
                }
            }
        }
        return result
    }

    /// The `<key>` / value pairs of a `<dict>`, in order.
    private static func entries(of dictionary: XMLElementNode) -> [(String, XMLElementNode)] {
        var result: [(String, XMLElementNode)] = []
        var pendingKey: String?
        for child in dictionary.childElements {
            if child.name == "key" {
                pendingKey = child.textContent
            } else if let key = pendingKey {
                result.append((key, child))
                pendingKey = nil
            }
        }
        return result
    }
}

/// The Info.plist keys Xcode localizes, with the comment it writes for each (its display names of the keys).
package enum InfoPlistKeys {
    /// Xcode's comment for `key`, or `nil` when Xcode does not localize the key.
    ///
    /// Only the keys of the table: Xcode leaves out usage descriptions it does not know (geteduroam's
    /// `NSUserNotificationsUsageDescription` is not in its InfoPlist catalog).
    package static func comment(for key: String) -> String? {
        comments[key]
    }

    /// Comments seen in Xcode's exports, and the names Apple's Information Property List reference gives the keys.
    static let comments: [String: String] = [
        "CFBundleName": "Bundle name",
        "CFBundleDisplayName": "Bundle display name",
        "CFBundleSpokenName": "Accessibility bundle name",
        "CFBundleGetInfoString": "Get Info string",
        "NSHumanReadableCopyright": "Copyright (human-readable)",
        "NSHumanReadableDescription": "Human readable description",
        "NSAppleEventsUsageDescription": "Privacy - AppleEvents Sending Usage Description",
        "NSAppleMusicUsageDescription": "Privacy - Media Library Usage Description",
        "NSBluetoothAlwaysUsageDescription": "Privacy - Bluetooth Always Usage Description",
        "NSBluetoothPeripheralUsageDescription": "Privacy - Bluetooth Peripheral Usage Description",
        "NSCalendarsUsageDescription": "Privacy - Calendars Usage Description",
        "NSCalendarsFullAccessUsageDescription": "Privacy - Calendars Full Access Usage Description",
        "NSCalendarsWriteOnlyAccessUsageDescription": "Privacy - Calendars Write Only Usage Description",
        "NSCameraUsageDescription": "Privacy - Camera Usage Description",
        "NSContactsUsageDescription": "Privacy - Contacts Usage Description",
        "NSDesktopFolderUsageDescription": "Privacy - Desktop Folder Usage Description",
        "NSDocumentsFolderUsageDescription": "Privacy - Documents Folder Usage Description",
        "NSDownloadsFolderUsageDescription": "Privacy - Downloads Folder Usage Description",
        "NSFallDetectionUsageDescription": "Fall Detection Usage Description",
        "NSFileProviderDomainUsageDescription": "Privacy - Access to a File Provider Domain Usage Description",
        "NSIdentityUsageDescription": "Privacy - Identity Usage Description",
        "NSAppDataUsageDescription": "Privacy - Other Application Data Usage Description",
        "NSNearbyInteractionAllowOnceUsageDescription": "Privacy - Nearby Interaction Allow Once Usage Description",
        "NSFaceIDUsageDescription": "Privacy - Face ID Usage Description",
        "NSFocusStatusUsageDescription": "Privacy - Focus Status Usage Description",
        "NSHealthClinicalHealthRecordsShareUsageDescription": "Privacy - Health Records Usage Description",
        "NSHealthShareUsageDescription": "Privacy - Health Share Usage Description",
        "NSHealthUpdateUsageDescription": "Privacy - Health Update Usage Description",
        "NSHomeKitUsageDescription": "Privacy - HomeKit Usage Description",
        "NSLocalNetworkUsageDescription": "Privacy - Local Network Usage Description",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Privacy - Location Always and When In Use Usage Description",
        "NSLocationAlwaysUsageDescription": "Privacy - Location Always Usage Description",
        "NSLocationUsageDescription": "Privacy - Location Usage Description",
        "NSLocationWhenInUseUsageDescription": "Privacy - Location When In Use Usage Description",
        "NSMicrophoneUsageDescription": "Privacy - Microphone Usage Description",
        "NSMotionUsageDescription": "Privacy - Motion Usage Description",
        "NSNearbyInteractionUsageDescription": "Privacy - Nearby Interaction Usage Description",
        "NSNetworkVolumesUsageDescription": "Privacy - Network Volumes Usage Description",
        "NFCReaderUsageDescription": "Privacy - NFC Scan Usage Description",
        "NSPhotoLibraryAddUsageDescription": "Privacy - Photo Library Additions Usage Description",
        "NSPhotoLibraryUsageDescription": "Privacy - Photo Library Usage Description",
        "NSRemindersUsageDescription": "Privacy - Reminders Usage Description",
        "NSRemindersFullAccessUsageDescription": "Privacy - Reminders Full Access Usage Description",
        "NSRemovableVolumesUsageDescription": "Privacy - Removable Volumes Usage Description",
        "NSSiriUsageDescription": "Privacy - Siri Usage Description",
        "NSSpeechRecognitionUsageDescription": "Privacy - Speech Recognition Usage Description",
        "NSSystemAdministrationUsageDescription": "Privacy - System Administration Usage Description",
        "NSUserTrackingUsageDescription": "Privacy - Tracking Usage Description",
        "NSVideoSubscriberAccountUsageDescription": "Privacy - Video Subscriber Account Usage Description",
    ]
}

extension XMLLinePositions {
    /// The `FileLocation` in `path` of the place the XML layer calls `line`:`column` (``position(line:column:)``).
    func location(_ path: String, _ line: Int, _ column: Int) -> FileLocation {
        let position = position(line: line, column: column)
        return FileLocation(path: path, line: position.line, column: position.column)
    }
}
